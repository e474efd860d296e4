/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`). Ant Design
 * then runs no animations: menus, modals, toasts and drop-downs appear and go at once.
 */
export function prefersReducedMotion(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
