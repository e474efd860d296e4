/** Reloads the page (a module of its own so tests can replace it: jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}
