import { analyzeExperiment } from '../../../shared/analysis/experiment-analysis';
import { readExperimentData } from '../../../shared/results/experiment-data';
import type { TNode } from '../../../shared/results/tree';
import type { ExperimentModel } from './models';

/** Rabi and T1 results in both variants (shapes: shared/results/experiment-data.ts), fitted. */
export function decodeExperiment(
  node: TNode,
  path: string,
  experiment: 'rabi' | 't1',
): ExperimentModel {
  const data = readExperimentData(node, path, experiment);
  return {
    kind: 'experiment',
    tag: node.tag,
    path,
    notes: data.notes,
    experiment,
    xName: data.xName,
    x: data.x,
    s21: data.s21,
    qubit: data.qubit,
    averages: data.averages,
    analysis: analyzeExperiment(experiment, data.x, data.s21),
  };
}
