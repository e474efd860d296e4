import type { QueryClient } from '@tanstack/react-query';

/**
 * What the app loads ahead while a sign-in goes on. The app passes it to the sign-in pages (a feature does not
 * import the app that hosts it); without it nothing is loaded ahead.
 */
export interface SignInPrefetch {
  /** The code step is shown: download the signed-in app's first screen while the code is typed. */
  atCodeStep: () => void;
  /** The code was accepted (the full token stored): start the first screen's calls. */
  afterSignIn: (queryClient: QueryClient) => void;
}
