import { useDeferredValue, useId, useMemo, useState } from 'react';
import { BarChart, DataTable } from '../../../ui/charts';
import { formatCount, formatPercent, formatValue } from '../../../../shared/results/format';
import type { SamplingModel } from '../../../state/results/models';
import {
  matchOutcomes,
  outcomeAt,
  outcomeCount,
  outcomeWidth,
  valuesByOutcome,
} from '../../../state/results/outcome-keys';
import { rankAll, topKWithRest } from '../model/top-k';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

const TOP_K_CHOICES = [8, 16, 32, 64, 128, 256];

const MAX_MATCHES = 10_000;

/**
 * `!SamplingResult` / `!SamplingReadoutResult`: outcomes by count, the top K as bars with the
 * rest summed into one, counts or probabilities, log scale, and every outcome in a paged table.
 */
export function SamplingView({
  model,
  job,
  level,
  title = 'Outcomes',
}: {
  model: SamplingModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const [k, setK] = useState(16);
  const [logY, setLogY] = useState(false);
  const [asProbability, setAsProbability] = useState(false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const ids = { k: useId(), log: useId(), prob: useId(), search: useId() };
  const { counts, total } = model;
  const distinct = outcomeCount(counts);

  // Outcomes are read one by one (`outcomeAt`), never all: from the decoding worker they arrive
  // packed, and a million strings would be built only for the few drawn.
  const top = useMemo(
    () => topKWithRest((i) => outcomeAt(counts, i), counts.values, k),
    [counts, k],
  );
  const bars = useMemo(() => {
    const categories = top.top.map((t) => t.key);
    const values = top.top.map((t) => t.value);
    if (top.rest) {
      categories.push(`other (${formatCount(top.rest.outcomes)} outcomes)`);
      values.push(top.rest.value);
    }
    const scale = asProbability && total > 0 ? 1 / total : 1;
    return {
      categories,
      series: [
        { label: asProbability ? 'Probability' : 'Count', values: values.map((v) => v * scale) },
      ],
    };
  }, [top, asProbability, total]);
  const order = useMemo(() => rankAll(counts.values), [counts]);
  const rankOf = useMemo(() => {
    const r = new Uint32Array(order.length);
    order.forEach((index, rank) => (r[index] = rank));
    return r;
  }, [order]);
  // Outcomes matching a bitstring prefix, with `?`/`x` for any bit, in rank order.
  const matches = useMemo(
    () => matchOutcomes(counts, order, deferredQuery, MAX_MATCHES),
    [counts, order, deferredQuery],
  );
  const reported = useMemo(
    () => (model.probabilities ? valuesByOutcome(counts, model.probabilities) : null),
    [counts, model.probabilities],
  );

  const shotsMatch = model.nshots === null ? null : model.nshots === total;
  const rows = matches ?? order;
  const format = asProbability ? formatPercent : formatCount;
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the outcomes" />}
      testId="sampling-view"
    >
      <Facts
        facts={[
          { label: 'Shots', value: model.nshots === null ? '—' : formatCount(model.nshots) },
          { label: 'Qubits', value: model.nqubits ?? outcomeWidth(counts) ?? '—' },
          { label: 'Distinct outcomes', value: formatCount(distinct), testId: 'distinct-outcomes' },
          {
            label: 'Sum of counts',
            value: `${formatCount(total)}${shotsMatch === null ? '' : shotsMatch ? ' = nshots' : ` ≠ ${formatCount(model.nshots!)}`}`,
            tone: shotsMatch === null ? undefined : shotsMatch ? 'ok' : 'warn',
            testId: 'sum-of-counts',
          },
        ]}
      />
      <Notes notes={model.notes} />
      <BarChart
        title={`Top ${Math.min(k, distinct)} of ${formatCount(distinct)} outcomes`}
        ariaLabel={`Histogram of the ${Math.min(k, distinct)} most frequent outcomes${top.rest ? ` and the other ${top.rest.outcomes} summed` : ''}, ${asProbability ? 'probabilities' : 'counts'}${logY ? ' on a log scale' : ''}`}
        categories={bars.categories}
        series={bars.series}
        xLabel="Outcome (qubit 0 leftmost)"
        yLabel={asProbability ? 'Probability' : 'Count'}
        logY={logY}
        format={format}
        exportName={`job-${job.id}-histogram`}
        testId="sampling-histogram"
        controls={
          <span className="rv-controls">
            <label htmlFor={ids.k}>Top</label>
            <select
              id={ids.k}
              className="select"
              value={k}
              onChange={(e) => setK(Number(e.target.value))}
            >
              {TOP_K_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <input
              id={ids.prob}
              type="checkbox"
              checked={asProbability}
              onChange={(e) => setAsProbability(e.target.checked)}
            />
            <label htmlFor={ids.prob}>Probability</label>
            <input
              id={ids.log}
              type="checkbox"
              checked={logY}
              onChange={(e) => setLogY(e.target.checked)}
            />
            <label htmlFor={ids.log}>Log scale</label>
          </span>
        }
      />
      <div className="rv-table-tools">
        <label htmlFor={ids.search}>Find outcomes</label>
        <input
          id={ids.search}
          className="input mono"
          placeholder="prefix, e.g. 01 or 0?1"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          spellCheck={false}
        />
        {matches ? (
          <span className="muted" role="status">
            {matches.length >= MAX_MATCHES
              ? `first ${formatCount(MAX_MATCHES)} matches`
              : `${formatCount(matches.length)} match${matches.length === 1 ? '' : 'es'}`}
          </span>
        ) : null}
      </div>
      <DataTable
        key={deferredQuery}
        caption="All outcomes, most frequent first"
        columns={[
          { key: 'rank', label: 'Rank', numeric: true },
          { key: 'outcome', label: 'Outcome' },
          { key: 'count', label: 'Count', numeric: true },
          { key: 'p', label: 'Probability', numeric: true },
          ...(reported ? [{ key: 'reported', label: 'Reported probability', numeric: true }] : []),
        ]}
        rowCount={rows.length}
        row={(r) => {
          const i = rows[r]!;
          const count = counts.values[i]!;
          const p = reported?.(i);
          return [
            formatCount(rankOf[i]! + 1),
            <span className="mono">{outcomeAt(counts, i)}</span>,
            formatCount(count),
            total > 0 ? formatValue(count / total) : '—',
            ...(reported ? [p !== undefined ? formatValue(p) : '—'] : []),
          ];
        }}
        empty="No outcome matches."
        testId="sampling-table"
      />
    </Section>
  );
}
