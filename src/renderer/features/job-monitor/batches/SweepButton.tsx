import { useState } from 'react';
import { selectActiveTab, useEditorStore } from '../../../state/editor/store';
import { SweepDialog } from './SweepDialog';

/** “Sweep…” in the editor's toolbar: the payload of the tab in front, many values, one batch. */
export function SweepButton() {
  const tab = useEditorStore(selectActiveTab);
  const [open, setOpen] = useState<{ text: string; title: string } | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={!tab || !tab.text.trim()}
        title="Send this payload with some of its numbers swept, as one batch"
        onClick={() => tab && setOpen({ text: tab.text, title: tab.title })}
        data-testid="sweep-open"
      >
        Sweep…
      </button>
      {open ? (
        <SweepDialog text={open.text} title={open.title} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
