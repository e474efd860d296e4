import { createContext, useContext, useEffect } from 'react';

/** Lets a page name itself after what it shows (a customer's name) in place of its route's title. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** The page's title while `title` is set; the route's title otherwise. */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title || null);
    return () => setTitle(null);
  }, [setTitle, title]);
}
