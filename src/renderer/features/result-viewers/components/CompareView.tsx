import { useMemo, useState } from 'react';
import type { VariantId } from '../../../../shared/variants/declaration';
import { StateMessage } from '../../../ui/components/States';
import { downloadText } from '../../../ui/charts';
import { compareModels } from '../model/compare';
import { comparisonCsv, comparisonJson } from '../model/compare-export';
import { hintsFromPayload } from '../model/hints';
import { NO_HINTS } from '../../../state/results/models';
import { typedResultOf } from '../../../state/results/typed-result';
import { ComparisonBody } from './ComparePanels';
import { Section } from './parts';
import { useDecoded } from './use-decoded';
import '../result-viewers.css';
import { showBidiControls } from '../../../../shared/text/bidi';

type Detail = Readonly<Record<string, unknown>>;

export interface CompareViewProps {
  variant: VariantId;
  left: Detail;
  right: Detail;
  /** How each job is named on screen (default: "Job 12 · its name"). */
  leftLabel?: string;
  rightLabel?: string;
}

function jobLabel(d: Detail): string {
  const id = typeof d.id === 'number' ? d.id : '?';
  return typeof d.name === 'string' && d.name
    ? `Job ${id} · ${showBidiControls(d.name)}`
    : `Job ${id}`;
}

/** One side: its typed result (through the handles) decoded to a model. */
function useSide(variant: VariantId, detail: Detail) {
  const outcome = useMemo(() => typedResultOf(variant, detail), [variant, detail]);
  const type = outcome.ok ? outcome.executeType : null;
  const hints = useMemo(
    () => (type ? hintsFromPayload(variant, type, detail.payload) : NO_HINTS),
    [variant, type, detail.payload],
  );
  const decoded = useDecoded(outcome.ok ? outcome.yaml : null, hints);
  return { outcome, decoded };
}

/**
 * Two jobs' results overlaid: distributions as grouped bars with their total variation distance
 * and Hellinger fidelity, curves on one chart with their difference, or a clear message when the
 * two results hold different things.
 */
export function CompareView({ variant, left, right, leftLabel, rightLabel }: CompareViewProps) {
  const [k, setK] = useState(16);
  const A = useSide(variant, left);
  const B = useSide(variant, right);
  const a = leftLabel ?? jobLabel(left);
  const b = rightLabel ?? jobLabel(right);
  const ma = A.decoded.status === 'ready' ? A.decoded.model : null;
  const mb = B.decoded.status === 'ready' ? B.decoded.model : null;
  const comparison = useMemo(() => (ma && mb ? compareModels(ma, mb, k) : null), [ma, mb, k]);
  const refused = [A, B]
    .map((s, i) => (s.outcome.ok ? null : `${i === 0 ? a : b}: ${s.outcome.message}`))
    .filter(Boolean);
  const failed = [A, B]
    .map((s, i) =>
      s.decoded.status === 'failed' ? `${i === 0 ? a : b}: ${s.decoded.error}` : null,
    )
    .filter(Boolean);
  const labels = { a, b };
  return (
    <div className="result-viewer rv-compare" data-testid="compare-view">
      <Section
        title="Comparison"
        level={2}
        actions={
          comparison ? (
            <span className="rv-export">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() =>
                  downloadText(
                    comparisonCsv(comparison, labels),
                    'comparison.csv',
                    'text/csv;charset=utf-8',
                  )
                }
              >
                CSV
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() =>
                  downloadText(
                    comparisonJson(comparison, labels),
                    'comparison.json',
                    'application/json',
                  )
                }
              >
                JSON
              </button>
            </span>
          ) : null
        }
      >
        <p className="rv-compare-sides">
          <span className="rv-side rv-side-a">A</span> {a}
          <span className="rv-side rv-side-b">B</span> {b}
        </p>
        {refused.length || failed.length ? (
          <StateMessage icon="error" tone="err" title="The results cannot be compared">
            {[...refused, ...failed].map((m) => (
              <p key={m!}>{m}</p>
            ))}
          </StateMessage>
        ) : !comparison ? (
          <div className="rv-loading" role="status" aria-busy="true">
            Reading both results…
          </div>
        ) : (
          <ComparisonBody c={comparison} a={a} b={b} k={k} setK={setK} />
        )}
      </Section>
    </div>
  );
}
