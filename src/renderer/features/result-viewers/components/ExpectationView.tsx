import { DataTable } from '../../../ui/charts';
import { formatValue } from '../../../../shared/results/format';
import type { ExpectationModel } from '../../../state/results/models';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

/** Expectation values, one row per observable, with a bar showing where each sits in [−1, 1]. */
export function ExpectationTable({
  labels,
  values,
  caption,
}: {
  labels: readonly string[];
  values: ArrayLike<number>;
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={[
        { key: 'o', label: 'Observable' },
        { key: 'v', label: 'Value', numeric: true },
        { key: 'bar', label: 'Where in [−1, 1]' },
      ]}
      rowCount={labels.length}
      row={(i) => {
        const v = values[i]!;
        const clamped = Math.max(-1, Math.min(1, v));
        return [
          <span className="mono">{labels[i]}</span>,
          <span title={String(v)}>{formatValue(v)}</span>,
          <span className="rv-meter" aria-hidden="true">
            <span
              className={`rv-meter-fill ${v < 0 ? 'neg' : 'pos'}`}
              style={{
                left: `${50 + Math.min(0, clamped) * 50}%`,
                width: `${Math.abs(clamped) * 50}%`,
              }}
            />
          </span>,
        ];
      }}
      testId="expectation-table"
    />
  );
}

/** `!ExpectationReadoutResult`: the table of values, exact or from shots. */
export function ExpectationView({
  model,
  job,
  level,
  title = 'Expectation values',
}: {
  model: ExpectationModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the expectation values" />}
      testId="expectation-view"
    >
      <Facts
        facts={[
          { label: 'Observables', value: model.values.length },
          {
            label: 'Estimated from',
            value:
              model.nshots === null
                ? '—'
                : model.nshots === 0
                  ? 'exact (no shots)'
                  : `${model.nshots.toLocaleString('en-US')} shots`,
          },
        ]}
      />
      <Notes notes={model.notes} />
      <ExpectationTable labels={model.labels} values={model.values} caption="Expectation values" />
    </Section>
  );
}
