import type { VariantId } from '../../../../shared/variants';
import { decodeResultText } from '../../../state/results/decode';
import type { ViewModel } from '../../../state/results/models';
import { typedResultOf } from '../../../state/results/typed-result';

/** One number that stands for a member's result, for the batch's table and plot. */
export interface Headline {
  value: number;
  /** ± one standard error when known (a fitted π-pulse). */
  error: number | null;
  /** What the number is: `P(00)`, `⟨Z0⟩`, `π-pulse (ns)`. */
  label: string;
}

/** The all-zeros outcome of a sampling model (its first key's width). */
function zeros(keys: readonly string[]): string {
  return '0'.repeat(keys[0]?.length ?? 1);
}

/**
 * The headline of a decoded result: the probability of the all-zeros outcome for samples, the
 * first expectation value, the fitted π-pulse of a Rabi experiment or T1 of a T1 experiment;
 * a variational or composite result by its inner or first part. Null when none fits.
 */
export function headlineOfModel(model: ViewModel): Headline | null {
  switch (model.kind) {
    case 'sampling': {
      const outcome = zeros(model.counts.keys);
      const at = model.counts.keys.indexOf(outcome);
      const total = model.total || 1;
      return {
        value: at < 0 ? 0 : model.counts.values[at]! / total,
        error: null,
        label: `P(${outcome})`,
      };
    }
    case 'expectation':
      return model.values.length
        ? { value: model.values[0]!, error: null, label: `⟨${model.labels[0] ?? 'O'}⟩` }
        : null;
    case 'time-evolution':
      return model.finalValues.length
        ? {
            value: model.finalValues[0]!,
            error: null,
            label: `⟨${model.labels[0] ?? 'O'}⟩ at the end`,
          }
        : null;
    case 'experiment': {
      const fit = model.analysis.fit;
      if (!fit) return null;
      return fit.kind === 'rabi'
        ? { value: fit.fit.piPulseNs, error: fit.fit.piPulseStdErrNs, label: 'π-pulse (ns)' }
        : { value: fit.fit.t1Ns, error: fit.fit.t1StdErrNs, label: 'T1 (ns)' };
    }
    case 'variational':
      return model.optimalCost !== null
        ? { value: model.optimalCost, error: null, label: 'optimal cost' }
        : null;
    case 'functional': {
      const first = model.readouts[0];
      return first ? headlineOfModel(first) : null;
    }
    default:
      return null;
  }
}

/** The headline of a job's full detail (the `jobs.get … full` record), or why there is none. */
export function headlineOfDetail(
  variant: VariantId,
  detail: Readonly<Record<string, unknown>>,
): Headline | string {
  const typed = typedResultOf(variant, detail);
  if (!typed.ok) return typed.message;
  try {
    return headlineOfModel(decodeResultText(typed.yaml)) ?? 'no headline number in this result';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
