import { createElement } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { ViewKind, ViewModel } from '../../../state/results/models';
import { ExperimentView } from './ExperimentView';
import { ExpectationView } from './ExpectationView';
import type { JobRef } from './ExportButtons';
import { FunctionalView } from './FunctionalView';
import { SamplingView } from './SamplingView';
import { StateView } from './StateView';
import { DensityView } from './DensityView';
import { TimeEvolutionView } from './TimeEvolutionView';
import { TreeView } from './TreeView';
import { VariationalView } from './VariationalView';

/** What every viewer is given: its own kind of model, and how to draw a result nested in it. */
interface ViewerProps<K extends ViewKind> {
  model: Extract<ViewModel, { kind: K }>;
  job: JobRef;
  level: number;
  title?: string;
  nested: (model: ViewModel, level: number, title?: string) => ReactNode;
}

function VariationalViewer({ nested, ...props }: ViewerProps<'variational'>) {
  return <VariationalView {...props} renderInner={(m, l) => nested(m, l)} />;
}

function FunctionalViewer({ nested, ...props }: ViewerProps<'functional'>) {
  return <FunctionalView {...props} renderNested={nested} />;
}

/**
 * The viewer of each kind of decoded result. A kind added to `ViewModel` makes the compiler
 * name this table, so a new result never renders as nothing.
 */
const VIEWERS: { readonly [K in ViewKind]: ComponentType<ViewerProps<K>> } = {
  sampling: SamplingView,
  expectation: ExpectationView,
  state: StateView,
  density: DensityView,
  'time-evolution': TimeEvolutionView,
  variational: VariationalViewer,
  experiment: ExperimentView,
  functional: FunctionalViewer,
  tree: TreeView,
};

function viewerOf<K extends ViewKind>(kind: K): ComponentType<ViewerProps<K>> {
  return VIEWERS[kind];
}

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
  // A component from the static table above, not one made during render.
  return createElement(viewerOf(model.kind), { model, job, level, title, nested });
}
