import { useId, useMemo, useState } from 'react';
import { BarChart, DataTable } from '../../../ui/charts';
import { formatPercent, formatValue } from '../../../../shared/results/format';
import type { StateModel } from '../../../state/results/models';
import { searchStates, stateRow, topStates } from '../model/state-rows';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

const TOP_CHOICES = [8, 16, 32, 64, 256, 1024];

/**
 * A state vector (`!StateTomographyReadoutResult`, a time evolution's `final_state`): the most
 * probable basis states as bars, and amplitude, magnitude, phase and probability per state.
 */
export function StateView({
  model,
  job,
  level,
  title = 'State',
}: {
  model: StateModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const size = model.amplitudes.re.length;
  const [n, setN] = useState(Math.min(16, size));
  const [query, setQuery] = useState('');
  const ids = { n: useId(), q: useId() };
  const top = useMemo(() => topStates(model, n), [model, n]);
  const found = useMemo(() => (query.trim() ? searchStates(model, query) : null), [model, query]);
  const rows = found ?? top;
  const bars = useMemo(
    () => ({
      categories: top.map((i) => stateRow(model, i).bits),
      series: [{ label: 'Probability', values: top.map((i) => stateRow(model, i).probability) }],
    }),
    [model, top],
  );
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the state" />}
      testId="state-view"
    >
      <Facts
        facts={[
          { label: 'Qubits', value: model.nqubits },
          { label: 'Basis states', value: size.toLocaleString('en-US') },
        ]}
      />
      <Notes notes={model.notes} />
      <BarChart
        title={`Most probable ${top.length} of ${size.toLocaleString('en-US')} basis states`}
        ariaLabel={`Probabilities of the ${top.length} most probable basis states`}
        categories={bars.categories}
        series={bars.series}
        xLabel="Basis state (qubit 0 leftmost)"
        yLabel="Probability"
        format={formatPercent}
        height={240}
        exportName={`job-${job.id}-state`}
      />
      <div className="rv-table-tools">
        <label htmlFor={ids.n}>Show the top</label>
        <select
          id={ids.n}
          className="select"
          value={n}
          onChange={(e) => setN(Number(e.target.value))}
        >
          {TOP_CHOICES.filter((c) => c <= size).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          {size < 1024 && !TOP_CHOICES.includes(size) ? (
            <option value={size}>all {size}</option>
          ) : null}
        </select>
        <label htmlFor={ids.q}>or find</label>
        <input
          id={ids.q}
          className="input mono"
          placeholder="01?1 or #5"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          spellCheck={false}
        />
      </div>
      <DataTable
        key={query}
        caption={
          found
            ? 'Basis states matching the search'
            : `The ${top.length} most probable basis states`
        }
        columns={[
          { key: 'b', label: 'Basis state' },
          { key: 're', label: 'Re', numeric: true },
          { key: 'im', label: 'Im', numeric: true },
          { key: 'mag', label: '|a|', numeric: true },
          { key: 'ph', label: 'Phase (rad)', numeric: true },
          { key: 'p', label: 'Probability', numeric: true },
        ]}
        rowCount={rows.length}
        row={(r) => {
          const s = stateRow(model, rows[r]!);
          return [
            <span className="mono">{s.bits}</span>,
            formatValue(s.re),
            formatValue(s.im),
            formatValue(s.magnitude),
            formatValue(s.phase),
            formatValue(s.probability),
          ];
        }}
        empty="No basis state matches: use 0, 1 and ? (any bit), or #index."
        testId="state-table"
      />
    </Section>
  );
}
