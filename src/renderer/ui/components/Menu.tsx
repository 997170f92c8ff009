import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import './menu.css';

export interface MenuItem {
  key: string;
  label: ReactNode;
  /** A second line (a template's description, a profile's URL). */
  detail?: ReactNode;
  /** Shown at the right (a variant badge, a shortcut). */
  aside?: ReactNode;
  checked?: boolean;
  disabled?: boolean;
  separatorBefore?: boolean;
  onSelect: () => void;
}

/**
 * A menu button (WAI-ARIA menu pattern): arrows move, Enter or Space chooses, Escape closes and
 * gives focus back to the button.
 */
export function Menu({
  label,
  buttonContent,
  items,
  className = 'btn',
  align = 'start',
  empty,
}: {
  /** The accessible name of the button. */
  label: string;
  buttonContent: ReactNode;
  items: MenuItem[];
  className?: string;
  align?: 'start' | 'end';
  /** Shown instead of items when there are none (or while they load). */
  empty?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  return (
    <div className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {buttonContent}
      </button>
      {open ? (
        <MenuList
          id={id}
          label={label}
          items={items}
          empty={empty}
          className={`menu-${align}`}
          opener={buttonRef}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) buttonRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The open list of a menu: focus on its first item, arrows move, Enter or Space chooses, Escape
 * or a click elsewhere closes it. `Menu` places it under its button; a caller that opens it from
 * elsewhere (a table row) places it with `style` and says where focus goes back on close.
 */
export function MenuList({
  id,
  label,
  items,
  empty,
  className = '',
  style,
  opener,
  onClose,
}: {
  id?: string;
  label: string;
  items: MenuItem[];
  empty?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** What opened it: a click there is not "elsewhere" (it toggles the menu itself). */
  opener?: RefObject<HTMLElement | null>;
  /** `refocus`: Escape or a choice (focus goes back), not Tab or a click elsewhere. */
  onClose: (refocus: boolean) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // The latest onClose, for the outside-click listener set up once per opening.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const first = listRef.current?.querySelector<HTMLElement>(
      '[role^="menuitem"]:not([aria-disabled="true"])',
    );
    first?.focus();
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!listRef.current?.contains(t) && !opener?.current?.contains(t)) closeRef.current(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [opener]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const nodes = [
      ...(listRef.current?.querySelectorAll<HTMLElement>(
        '[role^="menuitem"]:not([aria-disabled="true"])',
      ) ?? []),
    ];
    const index = nodes.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => nodes[(i + nodes.length) % nodes.length]?.focus();
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(nodes.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') onClose(e.key === 'Escape');
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={listRef}
      id={id}
      role="menu"
      aria-label={label}
      className={`menu-list ${className}`.trim()}
      style={style}
      onKeyDown={onKeyDown}
    >
      {items.length === 0 && empty ? <div className="menu-empty">{empty}</div> : null}
      {items.map((item) => (
        <div key={item.key} role="none">
          {item.separatorBefore ? <div role="separator" className="menu-separator" /> : null}
          <button
            type="button"
            role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
            aria-checked={item.checked}
            aria-disabled={item.disabled || undefined}
            tabIndex={-1}
            className="row-button menu-item"
            onClick={() => {
              if (item.disabled) return;
              onClose(true);
              item.onSelect();
            }}
          >
            <span className="menu-check" aria-hidden="true">
              {item.checked ? '✓' : ''}
            </span>
            <span className="menu-label">{item.label}</span>
            {item.aside ? <span className="menu-aside">{item.aside}</span> : null}
            {item.detail ? <span className="menu-detail">{item.detail}</span> : null}
          </button>
        </div>
      ))}
    </div>
  );
}
