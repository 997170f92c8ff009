import { useMemo } from 'react';
import { LineChart, ScatterChart } from '../../../ui/charts';
import {
  formatNs,
  formatNsWithError,
  formatResidual,
  formatWithError,
  sweepUnit,
} from '../../../../shared/results/format';
import type { ExperimentModel } from '../../../state/results/models';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import type { Fact } from './parts';
import { Facts, Notes, Section } from './parts';

function fitFacts(model: ExperimentModel): Fact[] {
  const fit = model.analysis.fit;
  if (!fit) return [];
  if (fit.kind === 'rabi') {
    const f = fit.fit;
    return [
      {
        label: 'π-pulse duration',
        value: formatNsWithError(f.piPulseNs, f.piPulseStdErrNs),
        testId: 'pi-pulse',
      },
      {
        label: 'Rabi frequency',
        // f = 500 / π-pulse: the same relative uncertainty.
        value: formatWithError(
          f.rabiFrequencyMHz,
          f.piPulseStdErrNs === null
            ? null
            : (f.rabiFrequencyMHz * f.piPulseStdErrNs) / f.piPulseNs,
          'MHz',
        ),
      },
      ...(f.decay ? [{ label: 'Envelope decay', value: formatNs(f.decay.timeNs, 3) }] : []),
      { label: 'Fit residual (rms)', value: formatResidual(f.residualRms, f.amplitude) },
    ];
  }
  const f = fit.fit;
  return [
    { label: 'T1', value: formatNsWithError(f.t1Ns, f.t1StdErrNs), testId: 't1' },
    { label: 'Fit residual (rms)', value: formatResidual(f.residualRms, f.amplitude) },
  ];
}

/**
 * Rabi and T1 experiments: the s21 points projected onto their readout axis against the sweep,
 * the fitted oscillation or decay with its π pulse or T1, and the raw points in the IQ plane.
 */
export function ExperimentView({
  model,
  job,
  level,
  title,
}: {
  model: ExperimentModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const a = model.analysis;
  const rabi = model.experiment === 'rabi';
  // Durations are ns in the result; a T1 sweep over hundreds of µs reads better in µs.
  const { unit, scale } = sweepUnit(a.x);
  const xLabel = `${rabi ? 'Drive duration' : 'Wait time'} (${unit})`;
  const x = useMemo(() => a.x.map((v) => v / scale), [a, scale]);
  const series = useMemo(
    () => [
      { label: 'measured (projected s21)', y: a.signal, markers: true },
      ...(a.curve
        ? [
            {
              label: rabi ? 'fitted oscillation' : 'fitted exponential',
              x: a.curve.x.map((v) => v / scale),
              y: a.curve.y,
              color: 1,
              width: 2,
            },
          ]
        : []),
    ],
    [a, rabi, scale],
  );
  const iq = useMemo(() => [{ label: 's21', x: a.re, y: a.im, z: x }], [a, x]);
  return (
    <Section
      title={title ?? (rabi ? 'Rabi experiment' : 'T1 experiment')}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the sweep" />}
      testId="experiment-view"
    >
      <Facts
        facts={[
          ...(model.qubit !== null ? [{ label: 'Qubit', value: model.qubit }] : []),
          ...(model.averages !== null
            ? [{ label: 'Averages', value: model.averages.toLocaleString('en-US') }]
            : []),
          { label: 'Points', value: a.x.length.toLocaleString('en-US') },
          ...fitFacts(model),
        ]}
      />
      {a.fitError ? (
        <p className="callout callout-warn" role="status" data-testid="fit-error">
          {a.fitError} The points are drawn without a fit.
        </p>
      ) : null}
      {a.fit && a.fittedOn < a.x.length ? (
        <p className="muted">
          Fitted on {a.fittedOn} averaged bins of the {a.x.length} points.
        </p>
      ) : null}
      <Notes notes={model.notes} />
      <LineChart
        title={rabi ? 's21 amplitude against drive duration' : 's21 amplitude against wait time'}
        ariaLabel={`${rabi ? 'Rabi oscillation' : 'T1 decay'}: s21 projected onto its readout axis at ${a.x.length} ${rabi ? 'drive durations' : 'wait times'}${a.fit ? ', with the fitted curve' : ''}`}
        x={x}
        series={series}
        xLabel={xLabel}
        yLabel="Projected s21 (a.u.)"
        exportName={`job-${job.id}-${model.experiment}`}
        testId="experiment-chart"
      />
      <ScatterChart
        title="IQ plane"
        ariaLabel={`The ${a.x.length} s21 points in the IQ plane`}
        series={iq}
        xLabel="Re s21 (I)"
        yLabel="Im s21 (Q)"
        zLabel={rabi ? `duration (${unit})` : `wait (${unit})`}
        height={300}
        exportName={`job-${job.id}-iq`}
        testId="iq-chart"
      />
    </Section>
  );
}
