/** Fields that take typing: a read-only one (a built-in connection's) would swallow it. */
const FIELDS = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
].join(', ');
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const visible = (el: HTMLElement): boolean => el.getClientRects().length > 0;

/**
 * Where focus goes when a dialog opens: an element marked `data-autofocus` (a form that knows
 * better, such as the login with the user already filled in), else the first field, else the
 * first control of the body or footer. The header's × comes last: focused first, typing would
 * go nowhere and Enter would close the dialog.
 */
export function initialFocusTarget(dialog: HTMLElement): HTMLElement | null {
  const first = (root: Element | null, selector: string) =>
    [...(root?.querySelectorAll<HTMLElement>(selector) ?? [])].find(visible) ?? null;
  const body = dialog.querySelector('.dialog-body');
  const footer = dialog.querySelector('.dialog-footer');
  return (
    first(dialog, '[data-autofocus]') ??
    first(body, FIELDS) ??
    first(body, FOCUSABLE) ??
    first(footer, FOCUSABLE) ??
    first(dialog, FOCUSABLE)
  );
}

/**
 * Gives focus back to what had it before a dialog opened, once the dialog is gone, unless the
 * dialog's action put it somewhere on purpose (focus then is not lost to the page's body).
 */
export function restoreFocus(opener: Element | null, dialog: HTMLElement): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const now = document.activeElement;
  if (now === null || now === document.body || dialog.contains(now)) opener.focus();
}
