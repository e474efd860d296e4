import { useEffect } from 'react';

export const APP_NAME = 'Xapa Back Office';

/** Sets the browser tab's title to "<title> · Xapa Back Office". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
