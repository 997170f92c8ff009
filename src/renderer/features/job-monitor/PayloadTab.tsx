import { Suspense, lazy, useMemo } from 'react';
import { StateMessage } from '../../ui/components/States';
import { useAppStore } from '../../state/app/store';
import { useEditorStore } from '../../state/editor/store';
import type { JobDetailView } from '../../state/jobs/store';
import { payloadToYaml } from '../../../shared/yaml/payload-to-yaml';

// Monaco is the largest part of the renderer: only loaded when a payload is shown.
const PayloadMonaco = lazy(() => import('./PayloadMonaco'));

/** The payload as the document that was submitted, read-only; "Open in editor" clones it. */
export function PayloadTab({
  view,
  documentText,
}: {
  view: JobDetailView;
  /** The document itself, when it is known byte for byte (a bundle): shown as it is. */
  documentText?: string | undefined;
}) {
  const payload = (view.detail as { payload?: unknown }).payload;
  const text = useMemo(
    () => documentText ?? (payload ? payloadToYaml(payload) : ''),
    [documentText, payload],
  );
  const id = view.detail.id;
  if (!payload && documentText === undefined) {
    const broken = view.problems.some((p) => p.field === 'payload');
    return (
      <StateMessage
        icon={broken ? 'warning' : 'info'}
        tone={broken ? 'warn' : 'neutral'}
        title={broken ? 'The payload could not be decoded' : 'No payload to show'}
      >
        <p>
          {broken
            ? 'Its raw text is shown under Errors, as the service sent it.'
            : (view.offline ?? 'The service returned no payload for this job.')}
        </p>
      </StateMessage>
    );
  }
  const openInEditor = () => {
    useEditorStore.getState().openTab({ title: `job-${id}.yaml`, text });
    useAppStore.getState().showView('editor');
  };
  return (
    <div className="jm-payload">
      <div className="jm-payload-bar">
        <span className="muted">
          The payload as submitted, read-only. Functional objects are shown as the YAML they were
          sent as.
        </span>
        <button type="button" className="btn" onClick={openInEditor}>
          Open in editor
        </button>
      </div>
      <Suspense fallback={<pre className="jm-payload-fallback mono">{text}</pre>}>
        <PayloadMonaco text={text} jobId={id} />
      </Suspense>
    </div>
  );
}
