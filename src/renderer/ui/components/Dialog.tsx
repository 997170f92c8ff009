import { useEffect, useRef } from 'react';
import { CloseButton } from './CloseButton';
import { initialFocusTarget, restoreFocus } from './dialog-focus';
import type { ReactNode } from 'react';
import './dialog.css';

/**
 * A modal built on the native <dialog>: the browser traps focus, closes on Escape and makes
 * the rest of the page inert, so keyboard users cannot get lost behind it. Every dialog opens
 * with focus on its first field (see `initialFocusTarget`) and gives it back to its opener.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  width = 32,
  labelledBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** In rem, so the dialog grows with the zoom level. */
  width?: number;
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = labelledBy ?? `dialog-title-${title.replace(/\W+/g, '-').toLowerCase()}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    // showModal() focuses the first focusable element, the header's ×: move on to the field.
    if (!dialog.open) dialog.showModal();
    initialFocusTarget(dialog)?.focus();
    return () => {
      dialog.close();
      restoreFocus(opener, dialog);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      style={{ width: `min(${width}rem, calc(100vw - 2rem))` }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <CloseButton label="Close" onClick={onClose} />
      </header>
      <div className="dialog-body">{children}</div>
      {footer ? <footer className="dialog-footer">{footer}</footer> : null}
    </dialog>
  );
}
