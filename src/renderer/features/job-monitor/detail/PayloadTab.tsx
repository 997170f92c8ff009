import { Suspense, lazy, useMemo, useState } from 'react';
import { StateMessage } from '../../../ui/components/States';
import { useAppStore } from '../../../state/app/store';
import { useCaretStore } from '../../../state/editor/caret';
import { useEditorStore } from '../../../state/editor/store';
import type { JobDetailView } from '../../../state/jobs/store';
import type { VariantId } from '../../../../shared/variants';
import { wireDocument } from '../../../../shared/sdk/decompile/wire-document';
import { payloadToYaml } from '../../../../shared/yaml/payload-to-yaml';
import { useOpenedPayload } from '../../../state/jobs/payload-opening/use-opened';
import { KeptNote } from './KeptNote';
import { PayloadCircuit } from './PayloadCircuit';

// Monaco is the largest part of the renderer: only loaded when a payload is shown.
const PayloadMonaco = lazy(() => import('./PayloadMonaco'));

type Form = 'friendly' | 'wire';

/**
 * A job's payload, read-only: in the friendly form (the service's SDK form converted and
 * checked to convert back to the same objects), or with "Wire" the YAML strings exactly as the
 * service holds them. "Open in editor" opens the friendly document in a new tab; a gate chosen
 * in the circuit above it opens it with that gate's lines selected.
 */
export function PayloadTab({
  view,
  variant,
  documentText,
}: {
  view: JobDetailView;
  /** The variant whose SDK form the payload is in. */
  variant: VariantId;
  /** The document itself, when it is known byte for byte (a bundle): shown as it is. */
  documentText?: string | undefined;
}) {
  const payload = (view.detail as { payload?: unknown }).payload;
  const [form, setForm] = useState<Form>('friendly');
  const opened = useOpenedPayload(variant, documentText === undefined ? payload : null);
  const wire = useMemo(() => (payload ? wireDocument(payload) : ''), [payload]);
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
  const showWire = form === 'wire' && Boolean(payload);
  const friendly =
    documentText ??
    (opened.status === 'ready'
      ? opened.opened.text
      : opened.status === 'failed'
        ? payloadToYaml(payload)
        : null);
  const text = showWire ? wire : friendly;
  // The editor gets the document, in the friendly form, whichever form is shown: the wire's
  // strings are not one payload document.
  // From the diagram: at a gate's lines (the diagram is drawn from the same friendly text).
  const openInEditor = (at?: { line: number; endLine: number }) => {
    if (friendly === null) return;
    const tab = useEditorStore.getState().openTab({ title: `job-${id}.yaml`, text: friendly });
    if (at) useCaretStore.getState().selectLines(at.line, at.endLine, tab);
    useAppStore.getState().showView('editor');
  };
  const caption = showWire
    ? 'The YAML strings the service holds, exactly as stored. Read-only.'
    : documentText !== undefined
      ? 'The payload document as it was submitted. Read-only.'
      : 'The payload in the friendly form, converted from the SDK form the service holds and checked to convert back to the same objects. Read-only.';
  return (
    <div className="jm-payload" data-form={showWire ? 'wire' : 'friendly'}>
      <div className="jm-payload-bar">
        <span className="muted">{caption}</span>
        <div className="jm-payload-actions">
          {payload ? (
            <div role="group" aria-label="Payload form" className="jm-payload-forms">
              <button
                type="button"
                className="btn btn-ghost"
                aria-pressed={!showWire}
                onClick={() => setForm('friendly')}
              >
                Friendly
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                aria-pressed={showWire}
                title="The SDK's serialization, exactly as the service holds it"
                onClick={() => setForm('wire')}
              >
                Wire
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className="btn"
            onClick={() => openInEditor()}
            disabled={friendly === null}
            title="Opens the payload in the friendly form in a new editor tab"
          >
            Open in editor
          </button>
        </div>
      </div>
      {!showWire && opened.status === 'ready' && opened.opened.kept.length > 0 ? (
        <KeptNote kept={opened.opened.kept} />
      ) : null}
      {!showWire && opened.status === 'failed' ? (
        <p className="callout callout-warn" role="status">
          The payload could not be converted to the friendly form ({opened.error}); it is shown in
          the SDK&apos;s form.
        </p>
      ) : null}
      <PayloadCircuit variant={variant} text={friendly} onOpenAt={openInEditor} />
      {text === null ? (
        <pre className="jm-payload-fallback mono muted" aria-busy="true">
          Converting the SDK form to the friendly form…
        </pre>
      ) : (
        <Suspense fallback={<pre className="jm-payload-fallback mono">{text}</pre>}>
          <PayloadMonaco text={text} jobId={id} />
        </Suspense>
      )}
    </div>
  );
}
