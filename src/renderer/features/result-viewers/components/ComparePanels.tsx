import { useId, useMemo } from 'react';
import { StateMessage } from '../../../ui/components/States';
import { BarChart, DataTable, LineChart } from '../../../ui/charts';
import type { Comparison, CurveComparison, DistributionComparison } from '../model/compare';
import { formatPercent, formatValue } from '../../../../shared/results/format';
import { Facts } from './parts';

/** The comparison drawn: grouped bars with distances, overlaid curves with their difference, or a table. */

function DistributionPanel({
  c,
  a,
  b,
  k,
  setK,
}: {
  c: DistributionComparison;
  a: string;
  b: string;
  k: number;
  setK: (k: number) => void;
}) {
  const id = useId();
  const series = useMemo(
    () => [
      { label: `A: ${a}`, values: c.a },
      { label: `B: ${b}`, values: c.b },
    ],
    [c, a, b],
  );
  return (
    <>
      <Facts
        facts={[
          {
            label: 'Total variation distance',
            value: formatValue(c.totalVariation, 4),
            testId: 'tvd',
          },
          {
            label: 'Hellinger fidelity',
            value: formatValue(c.hellingerFidelity, 4),
            testId: 'hellinger-fidelity',
          },
          {
            label: 'Outcomes seen in A / in B / in both',
            value: `${c.outcomes.a} / ${c.outcomes.b} / ${c.outcomes.both}`,
            testId: 'compare-outcomes',
          },
        ]}
      />
      {c.notes.map((n) => (
        <p key={n} className="callout callout-warn" role="status" data-testid="compare-note">
          {n}
        </p>
      ))}
      <BarChart
        title={`Probabilities of the ${Math.min(k, c.outcomes.union)} most likely outcomes`}
        ariaLabel={`Grouped bars: probability of each outcome in A (${a}) and B (${b})`}
        categories={c.categories}
        series={series}
        xLabel="Outcome (qubit 0 leftmost)"
        yLabel="Probability"
        format={formatPercent}
        exportName="comparison-histogram"
        testId="compare-histogram"
        controls={
          <span className="rv-controls">
            <label htmlFor={id}>Top</label>
            <select
              id={id}
              className="select"
              value={k}
              onChange={(e) => setK(Number(e.target.value))}
            >
              {[8, 16, 32, 64, 128].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        }
      />
    </>
  );
}

function CurvesPanel({ c, a, b }: { c: CurveComparison; a: string; b: string }) {
  // One pair, or measured points with their fit: A and B in two colours; several
  // (observables): a colour per observable. B is always dashed, so the sides differ by more
  // than colour; measured points are markers under the fitted lines.
  const overlay = useMemo(() => {
    const pairs = c.overlay.series.length / 2;
    const bySide = pairs === 1 || c.overlay.series.some((s) => s.markers);
    return c.overlay.series.map((s, i) => ({
      label: s.label,
      y: s.y,
      color: bySide ? (s.side === 'a' ? 0 : 1) : Math.floor(i / 2),
      dash: s.side === 'b' && !s.markers ? [6, 4] : undefined,
      width: s.side === 'b' ? 2 : 1.6,
      markers: s.markers,
    }));
  }, [c]);
  const diff = useMemo(
    () => c.difference.series.map((s, i) => ({ label: s.label, y: s.y, color: i })),
    [c],
  );
  return (
    <>
      <Facts
        facts={[
          ...(c.fitted
            ? [
                { label: `${c.fitted.label} of A`, value: c.fitted.a },
                { label: `${c.fitted.label} of B`, value: c.fitted.b },
              ]
            : []),
          ...c.difference.series.map((s) => ({
            label: `${s.label.replace(/^B − A: /, '')}: max |B − A|`,
            value: `${formatValue(s.maxAbs, 3)} (rms ${formatValue(s.rms, 3)})`,
          })),
        ]}
      />
      {c.notes.map((n) => (
        <p key={n} className="callout callout-info">
          {n}
        </p>
      ))}
      <LineChart
        integerX={c.xLabel === 'Iteration'}
        title={
          c.fitted
            ? `${c.what}: A and B measured (points) and fitted (A solid, B dashed)`
            : `${c.what}: A solid, B dashed`
        }
        ariaLabel={`${c.what} of A (${a}, solid) and B (${b}, dashed) overlaid`}
        x={c.overlay.x}
        series={overlay}
        xLabel={c.xLabel}
        yLabel={c.yLabel}
        exportName="comparison-overlay"
        testId="compare-overlay"
      />
      {c.difference.x.length ? (
        <LineChart
          integerX={c.xLabel === 'Iteration'}
          title="Difference B − A"
          ariaLabel={`B minus A on a common grid of ${c.difference.x.length} points`}
          x={c.difference.x}
          series={diff}
          xLabel={c.xLabel}
          yLabel="B − A"
          height={220}
          exportName="comparison-difference"
          testId="compare-difference"
        />
      ) : null}
    </>
  );
}

export function ComparisonBody({
  c,
  a,
  b,
  k,
  setK,
}: {
  c: Comparison;
  a: string;
  b: string;
  k: number;
  setK: (k: number) => void;
}) {
  switch (c.kind) {
    case 'mismatch':
      return (
        <div data-testid="compare-mismatch">
          <StateMessage icon="warning" tone="warn" title="Nothing to overlay">
            <p>{c.message}</p>
          </StateMessage>
        </div>
      );
    case 'distribution':
      return <DistributionPanel c={c} a={a} b={b} k={k} setK={setK} />;
    case 'curves':
      return <CurvesPanel c={c} a={a} b={b} />;
    case 'values':
      return (
        <DataTable
          caption={c.what}
          columns={[
            { key: 'o', label: 'Observable' },
            { key: 'a', label: `A: ${a}`, numeric: true },
            { key: 'b', label: `B: ${b}`, numeric: true },
            { key: 'd', label: 'B − A', numeric: true },
          ]}
          rowCount={c.rows.length}
          row={(i) => {
            const r = c.rows[i]!;
            return [
              r.label,
              formatValue(r.a),
              formatValue(r.b),
              r.a !== null && r.b !== null ? formatValue(r.b - r.a) : '—',
            ];
          }}
        />
      );
  }
}
