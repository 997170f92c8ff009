import { useState } from 'react';
import { useAnnotationsStore } from '../../../state/annotations/store';
import { useBundlesStore } from '../../../state/bundles/store';
import { useAppStore } from '../../../state/app/store';
import { saveTextFile } from '../../log-viewer';

/** The detail's "Run again" (in the editor, or at once) and "Export bundle" buttons. */
export function HandoverActions({ id, ready }: { id: number; ready: boolean }) {
  const rerunning = useAnnotationsStore((s) => s.rerunning);
  const [exporting, setExporting] = useState(false);
  const { rerunInEditor, rerunNow } = useAnnotationsStore.getState();
  const exportBundle = async () => {
    setExporting(true);
    try {
      const file = await useBundlesStore.getState().exportJobs([id]);
      if (file && (await saveTextFile(file.fileName, file.text)))
        useAppStore.getState().notify('ok', `Saved ${file.fileName}.`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => void rerunInEditor(id)}
        disabled={!ready || rerunning !== null}
        title="Open this job’s payload in a new editor tab, its device picked"
      >
        Run again…
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => void rerunNow(id)}
        disabled={!ready || rerunning !== null}
        title="Submit this job’s payload again now, on the same device"
      >
        {rerunning === id ? 'Submitting…' : 'Run again now'}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => void exportBundle()}
        disabled={!ready || exporting}
        title="Save this job as one file (payload, result, logs, tags and notes; secrets removed)"
      >
        Export bundle
      </button>
    </>
  );
}
