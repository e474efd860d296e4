/**
 * Keeps Tab inside the open dialog or drawer. Ant Design's own trap pulls focus back only when it lands on
 * something else in the page; from the dialog's last control (at the end of the document) Tab leaves the page
 * altogether, and focus was lost until the next press. This wraps Tab from the last control to the first, and
 * Shift+Tab from the first to the last.
 */
const OVERLAYS = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open .ant-drawer-content';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function tabbables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]'),
  );
}

/** The top overlay: the last one open in the document. */
function openOverlay(): Element | null {
  const open = Array.from(document.querySelectorAll(OVERLAYS)).filter((el) => el.getClientRects().length > 0);
  return open[open.length - 1] ?? null;
}

export function wrapDialogTab(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const overlay = openOverlay();
  if (!overlay) return;
  const list = tabbables(overlay);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}

/** Installs wrapDialogTab for the whole page; returns its removal. */
export function installDialogFocusWrap(): () => void {
  window.addEventListener('keydown', wrapDialogTab);
  return () => window.removeEventListener('keydown', wrapDialogTab);
}
