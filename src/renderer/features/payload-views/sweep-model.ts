import { readPayloadParts } from '../../../shared/dialect/payload-parts';
import type { VariantId } from '../../../shared/variants';
import { documentToExecutePayload } from '../../../shared/yaml';

/** The sweep of a Rabi or T1 experiment payload: what is swept, and its values in order. */
export interface SweepView {
  experiment: 'rabi' | 't1';
  qubit: number;
  /** What each value is, for the axis ("drive pulse duration (ns)"). */
  quantity: string;
  /** The same, short enough for the chart's y axis. */
  axis: string;
  values: number[];
}

/** The sweep grid of an experiment payload text, or null (not an experiment, or not readable). */
export function sweepViewOf(variant: VariantId, text: string): SweepView | null {
  if (!text.trim()) return null;
  const { payload, problems } = documentToExecutePayload(variant, text);
  if (!payload || problems.some((p) => p.severity === 'error')) return null;
  const read = readPayloadParts(variant, payload);
  const f = read.parts.functional;
  if (!f || read.problems.some((p) => p.severity === 'error')) return null;
  if (f.kind === 'rabi')
    return {
      experiment: 'rabi',
      qubit: f.qubit,
      quantity: 'drive pulse duration (ns)',
      axis: 'duration (ns)',
      values: f.durationsNs,
    };
  if (f.kind === 't1')
    return {
      experiment: 't1',
      qubit: f.qubit,
      quantity: 'wait time (ns)',
      axis: 'wait (ns)',
      values: f.waitsNs,
    };
  return null;
}

/** "41 drive pulse durations, 0 to 1000 ns, every 25 ns" (the step said only when it is even). */
export function sweepSummary(view: SweepView): string {
  const v = view.values;
  const what = view.experiment === 'rabi' ? 'drive pulse duration' : 'wait time';
  const plural = v.length === 1 ? what : `${what}s`;
  if (v.length === 0) return `no ${plural}`;
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const step = v.length > 2 ? v[1]! - v[0]! : null;
  const even =
    step !== null &&
    step !== 0 &&
    v.every(
      (x, i) => i === 0 || Math.abs(x - v[i - 1]! - step) <= 1e-9 * Math.max(1, Math.abs(step)),
    );
  return `${v.length} ${plural}, ${lo} to ${hi} ns${even ? `, every ${step} ns` : ''}`;
}
