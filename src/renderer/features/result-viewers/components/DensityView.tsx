import { useMemo } from 'react';
import { BarChart, DataTable } from '../../../ui/charts';
import { formatPercent, formatValue } from '../../../../shared/results/format';
import type { DensityModel } from '../../../state/results/models';
import { populations, topCoherences } from '../model/density-rows';
import { basisLabel } from '../model/state-rows';
import { topKIndices } from '../model/top-k';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

const SHOWN = 16;

/**
 * A density matrix (a `!QTensor` of 2^n × 2^n: a reservoir's state): the populations of the
 * most occupied basis states, the purity, and the largest coherences.
 */
export function DensityView({
  model,
  job,
  level,
  title = 'State (density matrix)',
}: {
  model: DensityModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const dim = 2 ** model.nqubits;
  const pops = useMemo(() => populations(model), [model]);
  const top = useMemo(() => Array.from(topKIndices(pops, Math.min(SHOWN, dim))), [pops, dim]);
  const coherences = useMemo(() => topCoherences(model, SHOWN), [model]);
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the density matrix" />}
      testId="density-view"
    >
      <Facts
        facts={[
          { label: 'Qubits', value: model.nqubits },
          { label: 'Purity Tr ρ²', value: formatValue(model.purity) },
          { label: 'Basis states', value: dim.toLocaleString('en-US') },
        ]}
      />
      <Notes notes={model.notes} />
      <BarChart
        title={`Populations of the ${top.length} most occupied of ${dim.toLocaleString('en-US')} basis states`}
        ariaLabel={`Populations ρ_ii of the ${top.length} most occupied basis states`}
        categories={top.map((i) => basisLabel(i, model.nqubits))}
        series={[{ label: 'Population', values: top.map((i) => pops[i]!) }]}
        xLabel="Basis state (qubit 0 leftmost)"
        yLabel="Population"
        format={formatPercent}
        height={240}
        exportName={`job-${job.id}-density`}
      />
      <DataTable
        caption={`The ${coherences.length} largest coherences ρ_ij (i < j)`}
        columns={[
          { key: 'r', label: 'Row' },
          { key: 'c', label: 'Column' },
          { key: 're', label: 'Re', numeric: true },
          { key: 'im', label: 'Im', numeric: true },
          { key: 'mag', label: '|ρ_ij|', numeric: true },
        ]}
        rowCount={coherences.length}
        row={(r) => {
          const c = coherences[r]!;
          return [
            <span className="mono">{c.row}</span>,
            <span className="mono">{c.col}</span>,
            formatValue(c.re),
            formatValue(c.im),
            formatValue(c.magnitude),
          ];
        }}
        empty="The matrix is diagonal: no coherences."
        testId="density-table"
      />
    </Section>
  );
}
