import { fittedPopulation, population } from '../../../../shared/analysis/experiment-analysis';
import { formatNsWithError } from '../../../../shared/results/format';
import type { ViewModel } from '../../../state/results/models';
import type { CountTable } from '../../../../shared/results/read';
import { populations } from './density-rows';
import { basisLabel, probabilities } from './state-rows';

/*
 * What two results have in common to overlay: a distribution over outcomes (sampling results,
 * sampling readouts, a state's probabilities), curves (time evolution, Rabi, T1, the cost of a
 * variational program) or a list of expectation values.
 */

export type Facet =
  | { kind: 'distribution'; what: string; counts: CountTable }
  | {
      kind: 'curves';
      what: string;
      xLabel: string;
      yLabel: string;
      curves: Curve[];
      /** x are durations in ns: the comparison picks one unit for both. */ xInNs?: boolean;
      /** The fitted quantity (a Rabi's π-pulse, a T1), in words, when the result has a fit. */
      fitted?: { label: string; value: string };
    }
  | { kind: 'values'; what: string; labels: string[]; values: Float64Array };

export interface Curve {
  label: string;
  x: Float64Array;
  y: Float64Array;
  /** Measured points, drawn as markers under a fitted line. */
  markers?: boolean;
}

const KIND_NAMES: Record<ViewModel['kind'], string> = {
  sampling: 'a sampling result',
  expectation: 'expectation values',
  state: 'a state vector',
  density: 'a density matrix',
  'time-evolution': 'a time evolution',
  variational: 'a variational program',
  experiment: 'an experiment',
  functional: 'a functional result',
  tree: 'a result no viewer knows',
};

export function describeModel(m: ViewModel): string {
  if (m.kind === 'experiment')
    return m.experiment === 'rabi' ? 'a Rabi experiment' : 'a T1 experiment';
  return KIND_NAMES[m.kind];
}

/** The facet a result offers for comparison (null when it has none). */
export function facetOf(m: ViewModel): Facet | null {
  switch (m.kind) {
    case 'sampling':
      return { kind: 'distribution', what: 'outcome distribution', counts: m.counts };
    case 'state':
      return {
        kind: 'distribution',
        what: 'basis-state probabilities',
        counts: {
          keys: Array.from({ length: m.amplitudes.re.length }, (_, i) => basisLabel(i, m.nqubits)),
          values: probabilities(m),
        },
      };
    case 'density':
      return {
        kind: 'distribution',
        what: 'basis-state populations',
        counts: {
          keys: Array.from({ length: 2 ** m.nqubits }, (_, i) => basisLabel(i, m.nqubits)),
          values: populations(m),
        },
      };
    case 'expectation':
      return { kind: 'values', what: 'expectation values', labels: m.labels, values: m.values };
    case 'time-evolution':
      if (!m.series)
        return {
          kind: 'values',
          what: 'final expectation values',
          labels: m.labels,
          values: m.finalValues,
        };
      return {
        kind: 'curves',
        what: 'expectation values over time',
        xLabel: 't',
        yLabel: '⟨O⟩',
        curves: m.labels.map((label, i) => ({ label, x: m.series!.t, y: m.series!.values[i]! })),
      };
    case 'variational':
      return {
        kind: 'curves',
        what: 'cost per iteration',
        xLabel: 'Iteration',
        yLabel: 'Cost',
        curves: [
          {
            label: 'cost',
            x: Float64Array.from(m.iterations.cost, (_, i) => i + 1),
            y: m.iterations.cost,
          },
        ],
      };
    case 'experiment': {
      // The measured points and, when there is one, the fitted curve, on one population scale.
      const fit = fittedPopulation(m.experiment, m.analysis);
      const f = m.analysis.fit;
      return {
        kind: 'curves',
        what: m.experiment === 'rabi' ? 'Rabi oscillation' : 'T1 decay',
        xLabel: m.experiment === 'rabi' ? 'Drive duration' : 'Wait time',
        xInNs: true,
        yLabel: 'Excited population (normalised)',
        curves: [
          {
            label: 'measured',
            x: m.analysis.x,
            y: population(m.experiment, m.analysis),
            markers: true,
          },
          ...(fit ? [{ label: 'fit', x: fit.x, y: fit.y }] : []),
        ],
        ...(f
          ? {
              fitted:
                f.kind === 'rabi'
                  ? {
                      label: 'π-pulse',
                      value: formatNsWithError(f.fit.piPulseNs, f.fit.piPulseStdErrNs),
                    }
                  : { label: 'T1', value: formatNsWithError(f.fit.t1Ns, f.fit.t1StdErrNs) },
            }
          : {}),
      };
    }
    case 'functional': {
      const facets = m.readouts.map(facetOf).filter((f): f is Facet => f !== null);
      return facets.find((f) => f.kind === 'distribution') ?? facets[0] ?? null;
    }
    case 'tree':
      return null;
  }
}
