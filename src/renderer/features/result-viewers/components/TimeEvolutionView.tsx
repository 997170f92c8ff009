import { useMemo } from 'react';
import { LineChart } from '../../../ui/charts';
import type { TimeEvolutionModel } from '../../../state/results/models';
import { ExpectationTable } from './ExpectationView';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';
import { StateView } from './StateView';
import { DensityView } from './DensityView';

/** `!TimeEvolutionResult`: each observable over time, the final values, the final state. */
export function TimeEvolutionView({
  model,
  job,
  level,
  title = 'Time evolution',
}: {
  model: TimeEvolutionModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const series = useMemo(
    () =>
      model.series ? model.labels.map((label, i) => ({ label, y: model.series!.values[i]! })) : [],
    [model],
  );
  const t = model.series?.t;
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the time evolution" />}
      testId="time-evolution-view"
    >
      <Facts
        facts={[
          { label: 'Observables', value: model.labels.length },
          {
            label: model.series?.axis === 'step' ? 'Steps' : 'Time points',
            value: t ? t.length.toLocaleString('en-US') : 'final only',
          },
          ...(t && t.length && model.series?.axis === 'time'
            ? [{ label: 'Time span', value: `${t[0]} … ${t[t.length - 1]}` }]
            : []),
          ...(model.intermediateStates
            ? [{ label: 'Intermediate states', value: model.intermediateStates }]
            : []),
        ]}
      />
      <Notes notes={model.notes} />
      {t && series.length ? (
        <LineChart
          title="Expectation values over time"
          ariaLabel={`Expectation values of ${model.labels.join(', ')} against time, ${t.length} points each`}
          x={t}
          series={series}
          xLabel={model.series?.axis === 'step' ? 'Step' : 't'}
          yLabel="⟨O⟩"
          exportName={`job-${job.id}-time-evolution`}
          testId="time-evolution-chart"
        />
      ) : null}
      <ExpectationTable
        labels={model.labels}
        values={model.finalValues}
        caption="Final expectation values"
      />
      {model.finalState?.kind === 'state' ? (
        <StateView model={model.finalState} job={job} level={level + 1} title="Final state" />
      ) : model.finalState ? (
        <DensityView model={model.finalState} job={job} level={level + 1} title="Final state" />
      ) : null}
    </Section>
  );
}
