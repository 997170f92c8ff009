import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { DataTable, LineChart } from '../../../ui/charts';
import { formatValue } from '../../../../shared/results/format';
import type { VariationalModel } from '../../../state/results/models';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

/**
 * `!VariationalProgramResult`: the cost per iteration (with the best so far), the optimum and
 * its parameters, the parameters' paths, and the inner result's own viewer at the optimum.
 */
export function VariationalView({
  model,
  job,
  level,
  renderInner,
  title = 'Variational program',
}: {
  title?: string;
  model: VariationalModel;
  job: JobRef;
  level: number;
  renderInner: (inner: NonNullable<VariationalModel['inner']>, level: number) => ReactNode;
}) {
  const { cost, parameterNames, parameters } = model.iterations;
  const x = useMemo(() => Float64Array.from(cost, (_, i) => i + 1), [cost]);
  const costSeries = useMemo(() => {
    const best = new Float64Array(cost.length);
    cost.forEach((c, i) => (best[i] = i === 0 ? c : Math.min(best[i - 1]!, c)));
    return [
      { label: 'cost', y: cost },
      { label: 'best so far', y: best, dash: [6, 4], color: 1 },
    ];
  }, [cost]);
  const paramSeries = useMemo(
    () =>
      parameterNames.map((label, i) => ({
        label,
        y: Array.from(parameters[i]!, (v) => (Number.isNaN(v) ? null : v)),
      })),
    [parameterNames, parameters],
  );
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the optimisation" />}
      testId="variational-view"
    >
      <Facts
        facts={[
          { label: 'Optimal cost', value: formatValue(model.optimalCost), testId: 'optimal-cost' },
          { label: 'Iterations', value: cost.length },
          { label: 'Parameters', value: model.optimalParameters.length },
        ]}
      />
      <Notes notes={model.notes} />
      {cost.length ? (
        <LineChart
          title="Cost per iteration"
          ariaLabel={`Cost at each of ${cost.length} iterations, with the best cost so far`}
          x={x}
          series={costSeries}
          xLabel="Iteration"
          integerX
          yLabel="Cost"
          height={260}
          exportName={`job-${job.id}-cost`}
          testId="cost-chart"
        />
      ) : null}
      <div className="rv-columns">
        <DataTable
          caption="Optimal parameters"
          columns={[
            { key: 'n', label: 'Parameter' },
            { key: 'v', label: 'Value', numeric: true },
          ]}
          rowCount={model.optimalParameters.length}
          row={(i) => [
            <span className="mono">{model.optimalParameters[i]!.name}</span>,
            formatValue(model.optimalParameters[i]!.value, 8),
          ]}
          empty="The optimiser reported no parameters."
        />
        {paramSeries.length && cost.length ? (
          <LineChart
            title="Parameters per iteration"
            ariaLabel={`Values of ${parameterNames.join(', ')} at each iteration`}
            x={x}
            series={paramSeries}
            xLabel="Iteration"
            integerX
            yLabel="Value"
            height={220}
            exportName={`job-${job.id}-parameters`}
          />
        ) : null}
      </div>
      {model.inner ? (
        <div className="rv-nested">
          <p className="rv-nested-label">Result at the optimum</p>
          {renderInner(model.inner, level + 1)}
        </div>
      ) : null}
    </Section>
  );
}
