import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmChoice {
  label: string;
  kind?: 'primary' | 'danger' | 'plain';
  onChoose: () => void;
}

/**
 * A question with explicit choices (Save / Don't save / Cancel), never a bare OK. Focus starts on
 * the first choice, or on Cancel when that choice destroys something (Enter must not delete).
 */
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
  const safeFirst = choices[0]?.kind !== 'danger';
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
              data-autofocus={i === 0 && safeFirst ? true : undefined}
              onClick={c.onChoose}
            >
              {c.label}
            </button>
          ))}
          <button
            type="button"
            className="btn"
            data-autofocus={safeFirst ? undefined : true}
            onClick={onCancel}
          >
            Cancel
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
