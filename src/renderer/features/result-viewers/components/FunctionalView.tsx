import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { LineChart } from '../../../ui/charts';
import type { FunctionalModel, ViewModel } from '../../../state/results/models';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Facts, Notes, Section } from './parts';

const READOUT_NAMES: Partial<Record<ViewModel['kind'], string>> = {
  sampling: 'sampling',
  expectation: 'expectation values',
  state: 'state tomography',
  density: 'state tomography',
};

function readoutTitle(m: ViewModel, i: number, count: number): string {
  const what = READOUT_NAMES[m.kind] ?? 'result';
  return count > 1 ? `Readout ${i + 1}: ${what}` : `Readout: ${what}`;
}

/** Expectation values of every input as lines (a reservoir's response), when the readouts have them. */
function useInputResponse(model: FunctionalModel) {
  return useMemo(() => {
    // A reservoir's last input is in the final readouts, after the earlier ones.
    const steps = model.finalLabel
      ? [...model.intermediate, { readouts: model.readouts }]
      : model.intermediate;
    if (steps.length < 2) return null;
    const firsts = steps.map((s) => s.readouts.find((r) => r.kind === 'expectation'));
    if (firsts.some((r) => !r)) return null;
    const first = firsts[0] as Extract<ViewModel, { kind: 'expectation' }>;
    const series = first.labels.map((label, j) => ({
      label,
      y: firsts.map((r) => (r as Extract<ViewModel, { kind: 'expectation' }>).values[j] ?? null),
    }));
    return { x: Float64Array.from(steps, (_, i) => i + 1), series };
  }, [model]);
}

/**
 * Variant A `!FunctionalResult`: one viewer per readout result; for a reservoir, the response
 * over the inputs and each input's own readouts, picked with a selector.
 */
export function FunctionalView({
  model,
  job,
  level,
  renderNested,
  title = 'Functional result',
}: {
  title?: string;
  model: FunctionalModel;
  job: JobRef;
  level: number;
  renderNested: (m: ViewModel, level: number, title: string) => ReactNode;
}) {
  const [step, setStep] = useState(0);
  const selectId = useId();
  const response = useInputResponse(model);
  const current = model.intermediate[Math.min(step, model.intermediate.length - 1)];
  // Intermediate results are the inputs of a reservoir, or the time steps of an evolution.
  const word = model.intermediate[0]?.label.startsWith('Input') ? 'input' : 'step';
  return (
    <Section
      title={title}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="all readouts" />}
      testId="functional-view"
    >
      <Facts
        facts={[
          { label: 'Readouts', value: model.readouts.length },
          ...(model.intermediate.length
            ? [
                {
                  label: word === 'input' ? 'Inputs' : 'Steps',
                  value: model.intermediate.length + (model.finalLabel ? 1 : 0),
                },
              ]
            : []),
          ...(model.executionTime !== null
            ? [{ label: 'Execution time', value: `${model.executionTime.toPrecision(3)} s` }]
            : []),
        ]}
      />
      <Notes notes={model.notes} />
      {model.readouts.map((r, i) => (
        <div key={r.path || i} className="rv-nested">
          {renderNested(
            r,
            level + 1,
            model.finalLabel
              ? `${model.finalLabel}, the last — ${readoutTitle(r, i, model.readouts.length)}`
              : model.intermediate.length
                ? `After the last ${word} — ${readoutTitle(r, i, model.readouts.length)}`
                : readoutTitle(r, i, model.readouts.length),
          )}
        </div>
      ))}
      {model.intermediate.length ? (
        <div className="rv-nested" data-testid="intermediate-results">
          {response ? (
            <LineChart
              title={`Readout per ${word}`}
              ariaLabel={`Expectation values of ${response.series.map((s) => s.label).join(', ')} after each of ${response.x.length} ${word}s`}
              x={response.x}
              series={response.series}
              xLabel={word === 'input' ? 'Input' : 'Step'}
              integerX
              yLabel="⟨O⟩"
              height={240}
              exportName={`job-${job.id}-inputs`}
            />
          ) : null}
          <div className="rv-table-tools">
            <label htmlFor={selectId}>Intermediate result</label>
            <select
              id={selectId}
              className="select"
              value={step}
              onChange={(e) => setStep(Number(e.target.value))}
            >
              {model.intermediate.map((s, i) => (
                <option key={s.label} value={i}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          {current
            ? current.readouts.map((r, i) => (
                <div key={`${step}-${i}`}>
                  {renderNested(
                    r,
                    level + 1,
                    `${current.label} — ${readoutTitle(r, i, current.readouts.length)}`,
                  )}
                </div>
              ))
            : null}
        </div>
      ) : null}
    </Section>
  );
}
