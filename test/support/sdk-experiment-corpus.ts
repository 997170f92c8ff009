import type { CorpusCase } from './sdk-digital-corpus';

/*
 * The experiment cases of the corpus (cases.md of each version in test/fixtures/sdk), in the
 * words of cases.md: the qubit, the averages (Variant A's shim only), and the sweep as
 * `count evenly spaced values from first to last` (ns, float64).
 */

export interface ExperimentCase extends CorpusCase {
  kind: 'rabi' | 't1';
  qubit: number;
  /** Variant A's `_averages`; Variant B carries none. */
  averages?: number;
  sweep: { count: number; from: number; to: number };
}

const A_VERSIONS = ['A-main', 'A-0.2.1.post1'] as const;

export const EXPERIMENT_CASES: ExperimentCase[] = [
  {
    version: 'B-0.1.6',
    name: 'b_rabi',
    kind: 'rabi',
    qubit: 0,
    sweep: { count: 41, from: 0, to: 1000 },
  },
  {
    version: 'B-0.1.6',
    name: 'b_t1',
    kind: 't1',
    qubit: 1,
    sweep: { count: 21, from: 0, to: 200000 },
  },
  ...A_VERSIONS.flatMap((version): ExperimentCase[] => [
    {
      version,
      name: 'a_rabi_shim',
      kind: 'rabi',
      qubit: 0,
      averages: 1000,
      sweep: { count: 41, from: 0, to: 1000 },
    },
    {
      version,
      name: 'a_t1_shim',
      kind: 't1',
      qubit: 1,
      averages: 2000,
      sweep: { count: 21, from: 0, to: 200000 },
    },
  ]),
];

/** `np.linspace(from, to, count)`: the values the SDK's sweeps hold (exact here: whole steps). */
export function linspace({ count, from, to }: ExperimentCase['sweep']): number[] {
  const step = (to - from) / (count - 1);
  return Array.from({ length: count }, (_, i) => from + i * step);
}
