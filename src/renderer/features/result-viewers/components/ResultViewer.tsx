import { useMemo } from 'react';
import type { VariantId } from '../../../../shared/variants/declaration';
import { StateMessage } from '../../../ui/components/States';
import { unexpectedTagNote } from '../model/expected-tags';
import { hintsFromPayload } from '../model/hints';
import { NO_HINTS } from '../../../state/results/models';
import { typedResultOf } from '../../../state/results/typed-result';
import type { TypedOutcome } from '../../../state/results/typed-result';
import type { JobRef } from './ExportButtons';
import { Notes } from './parts';
import { ResultBody } from './ResultBody';
import { useDecoded } from './use-decoded';
import '../result-viewers.css';

export interface ResultViewerProps {
  variant: VariantId;
  /** A JobDetail as the contract's `jobs.get` returns it (`view.detail`): result fields are tagged YAML strings. */
  detail: Readonly<Record<string, unknown>>;
  /** The job's execute type; taken from the result or the payload when not given. */
  executeType?: string | null;
}

const ERROR_TITLES: Record<Exclude<TypedOutcome, { ok: true }>['code'], string> = {
  result_missing: 'No result to show',
  result_type_mismatch: 'The result is of another type than the job',
  inner_type_mismatch: 'The result holds another kind of object',
  unknown_execute_type: 'Unknown execute type',
  not_a_job: 'Not a job',
};

function sizeText(chars: number): string {
  return chars < 10_000
    ? `${chars.toLocaleString('en-US')} characters`
    : `${(chars / 1_048_576).toFixed(chars < 1_048_576 ? 2 : 1)} MB`;
}

/** The §7.2 refusal, in words, where the result would be (never a blank panel). */
function ResultRefused({ outcome }: { outcome: Exclude<TypedOutcome, { ok: true }> }) {
  const missing = outcome.code === 'result_missing';
  return (
    <div data-testid="result-error" data-code={outcome.code}>
      <StateMessage
        icon={missing ? 'info' : 'error'}
        tone={missing ? 'neutral' : 'err'}
        title={ERROR_TITLES[outcome.code]}
      >
        <p>{outcome.message.charAt(0).toUpperCase() + outcome.message.slice(1)}.</p>
        {outcome.code === 'result_type_mismatch' || outcome.code === 'inner_type_mismatch' ? (
          <p className="muted">
            Expected {outcome.expected.join(' or ')}
            {outcome.actual ? `; the job has ${outcome.actual}` : ''}.
          </p>
        ) : null}
      </StateMessage>
    </div>
  );
}

/**
 * A job's result in the viewer for its type. The typed job handle for the job's execute type
 * picks the result field and checks it (spec §2.11, §7.2); the result's tag then picks the
 * viewer, and anything unknown or unexpected is shown as a tree.
 */
export function ResultViewer({ variant, detail, executeType }: ResultViewerProps) {
  const outcome = useMemo(
    () => typedResultOf(variant, detail, executeType),
    [variant, detail, executeType],
  );
  const type = outcome.ok ? outcome.executeType : null;
  const hints = useMemo(
    () => (type ? hintsFromPayload(variant, type, detail.payload) : NO_HINTS),
    [variant, type, detail.payload],
  );
  const decoded = useDecoded(outcome.ok ? outcome.yaml : null, hints);
  const tagNote = useMemo(
    () =>
      outcome.ok
        ? unexpectedTagNote(variant, outcome.executeType, outcome.tag, detail.payload)
        : null,
    [variant, outcome, detail.payload],
  );
  const job: JobRef = {
    id: typeof detail.id === 'number' ? detail.id : 0,
    name: typeof detail.name === 'string' ? detail.name : undefined,
  };

  if (!outcome.ok) return <ResultRefused outcome={outcome} />;
  return (
    <div
      className="result-viewer"
      data-testid="result-viewer"
      data-field={outcome.field}
      data-tag={outcome.tag ?? ''}
    >
      <p className="rv-origin muted">
        From <span className="mono">{outcome.field}</span> · {sizeText(outcome.yaml.length)} of YAML
      </p>
      {tagNote ? <Notes notes={[tagNote]} /> : null}
      {decoded.status === 'loading' ? (
        <div className="rv-loading" role="status" aria-busy="true">
          Reading the result ({sizeText(outcome.yaml.length)})…
        </div>
      ) : decoded.status === 'failed' ? (
        <StateMessage icon="error" tone="err" title="The result could not be read">
          <p>{decoded.error}</p>
        </StateMessage>
      ) : (
        <ResultBody model={decoded.model} job={job} />
      )}
    </div>
  );
}
