import { Suspense, lazy, useState } from 'react';
import { Icon } from '../../../ui/components/Icon';
import { selectActiveTab, useEditorStore } from '../../../state/editor/store';

// The dialog brings the sweep planner and the result model: load it when first opened, not
// with the editor.
const SweepDialog = lazy(() => import('./SweepDialog').then((m) => ({ default: m.SweepDialog })));

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
        aria-label="Sweep…"
        data-testid="sweep-open"
      >
        <Icon name="sweep" />
        <span className="hide-narrow">Sweep…</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SweepDialog text={open.text} title={open.title} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
