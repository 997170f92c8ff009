import { useState } from 'react';
import { Dialog } from '../ui/components/Dialog';
import { useAppStore } from '../state/app/store';
import { shortcutLabel } from '../services/commands';

/**
 * For support staff with a number from a ticket: any job id of the connection, listed or not.
 * An app-level dialog, so it opens at once from any view (the job monitor loads lazily) and
 * Escape leaves the person where they were.
 */
export function OpenByIdDialog() {
  const onClose = () => useAppStore.getState().openDialog(null);
  const [value, setValue] = useState('');
  const digits = value.trim().replace(/^#/, '');
  const valid = /^\d{1,15}$/.test(digits);
  const submit = () => {
    if (!valid) return;
    onClose();
    useAppStore.getState().requestJob(Number(digits));
  };
  return (
    <Dialog
      title="Open job by id"
      onClose={onClose}
      width={24}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="open-by-id" className="btn btn-primary" disabled={!valid}>
            Open
          </button>
        </>
      }
    >
      <form
        id="open-by-id"
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="open-by-id-input">Job id</label>
        <input
          id="open-by-id-input"
          className="input mono"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 1042"
          value={value}
          aria-invalid={value !== '' && !valid}
          aria-describedby="open-by-id-hint"
          onChange={(e) => setValue(e.target.value)}
          data-testid="open-by-id-input"
        />
        <span
          id="open-by-id-hint"
          className={value !== '' && !valid ? 'field-error' : 'field-hint'}
        >
          {value !== '' && !valid
            ? 'A job id is a whole number.'
            : `The job is fetched even when the list does not show it. ${shortcutLabel('Ctrl+J')} opens this box.`}
        </span>
      </form>
    </Dialog>
  );
}
