import { useState } from 'react';
import type { ReactNode } from 'react';
import './payload-views.css';

/**
 * One view under the editor: a heading that folds it (a button, so the keyboard reaches it) and
 * its body in a panel of fixed height, so what grows inside scrolls there and nothing above moves.
 */
export function ViewSection({
  label,
  heading,
  children,
}: {
  /** The region's accessible name. */
  label: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <section className={`pv-section${open ? ' is-open' : ''}`} aria-label={label}>
      <button
        type="button"
        className="pv-section-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'} </span>
        {heading}
      </button>
      {open ? children : null}
    </section>
  );
}
