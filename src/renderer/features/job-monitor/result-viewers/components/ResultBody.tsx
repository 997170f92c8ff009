import type { ViewModel } from '../model/models';
import { ExperimentView } from './ExperimentView';
import { ExpectationView } from './ExpectationView';
import type { JobRef } from './ExportButtons';
import { FunctionalView } from './FunctionalView';
import { SamplingView } from './SamplingView';
import { StateView } from './StateView';
import { TimeEvolutionView } from './TimeEvolutionView';
import { TreeView } from './TreeView';
import { VariationalView } from './VariationalView';

/** The viewer for a decoded result, chosen by its kind; composite results recurse. */
export function ResultBody({
  model,
  job,
  level = 2,
  title,
}: {
  model: ViewModel;
  job: JobRef;
  level?: number;
  title?: string;
}) {
  const nested = (m: ViewModel, l: number, t?: string) => (
    <ResultBody model={m} job={job} level={l} title={t} />
  );
  switch (model.kind) {
    case 'sampling':
      return <SamplingView model={model} job={job} level={level} title={title} />;
    case 'expectation':
      return <ExpectationView model={model} job={job} level={level} title={title} />;
    case 'state':
      return <StateView model={model} job={job} level={level} title={title} />;
    case 'time-evolution':
      return <TimeEvolutionView model={model} job={job} level={level} title={title} />;
    case 'variational':
      return (
        <VariationalView
          model={model}
          job={job}
          level={level}
          title={title}
          renderInner={(m, l) => nested(m, l)}
        />
      );
    case 'experiment':
      return <ExperimentView model={model} job={job} level={level} title={title} />;
    case 'functional':
      return (
        <FunctionalView model={model} job={job} level={level} title={title} renderNested={nested} />
      );
    case 'tree':
      return <TreeView model={model} job={job} level={level} title={title} />;
  }
}
