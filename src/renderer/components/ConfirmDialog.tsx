import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmChoice {
  label: string;
  kind?: 'primary' | 'danger' | 'plain';
  onChoose: () => void;
}

/** A question with explicit choices (Save / Don't save / Cancel), never a bare OK. */
export function ConfirmDialog({
  title,
  children,
  choices,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  choices: ConfirmChoice[];
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      width={28}
      footer={
        <>
          {choices.map((c, i) => (
            <button
              key={c.label}
              type="button"
              className={`btn ${c.kind === 'primary' ? 'btn-primary' : c.kind === 'danger' ? 'btn-danger' : ''}`}
              autoFocus={i === 0}
              onClick={c.onChoose}
            >
              {c.label}
            </button>
          ))}
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
