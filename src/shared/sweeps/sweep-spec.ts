import { z } from 'zod';

/** How several parameters combine: every combination (`grid`, the first parameter slowest) or side by side (`zip`). */
export const sweepCombineSchema = z.enum(['grid', 'zip']);
export type SweepCombine = z.infer<typeof sweepCombineSchema>;

/** At most this many payloads in one sweep: a batch is sent a few per second. */
export const MAX_SWEEP_MEMBERS = 1000;
/** A batch's name leaves room for ` [1000/1000]` within a job name's 200 characters. */
export const MAX_BATCH_NAME = 180;

export const sweepParameterSchema = z.strictObject({
  /** A path as the dialect reader reports it: `sampling_payload.sampling.circuit.gates[0].theta`. */
  path: z.string().min(1).max(1000),
  /** As typed: `0,0.5,1`, `0:3.14:0.1` or `linspace(0,3.14,21)` (see sweep-values.ts). */
  values: z.string().min(1).max(20_000),
});
export type SweepParameter = z.infer<typeof sweepParameterSchema>;

export const sweepSpecSchema = z.strictObject({
  parameters: z.array(sweepParameterSchema).min(1).max(8),
  combine: sweepCombineSchema,
});
export type SweepSpec = z.infer<typeof sweepSpecSchema>;

/** A member's job name: unique within its batch, and how a lost submission is found again. */
export function memberName(batchName: string, index: number, count: number): string {
  return `${batchName} [${index}/${count}]`;
}

/**
 * A member's name as its batch's name and its place (`[3/9]`), or null for any other name: a
 * narrow column cuts the batch's name and keeps the place, which tells the members apart.
 */
export function memberNameParts(name: string): { batch: string; place: string } | null {
  const m = /^(.*\S) (\[\d+\/\d+\])$/.exec(name);
  return m ? { batch: m[1]!, place: m[2]! } : null;
}
