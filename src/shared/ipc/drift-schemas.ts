import { z } from 'zod';
import type { DriftRun, DriftSeries } from '../drift';
import { DRIFT_QUANTITIES, MAX_SERIES_POINTS } from '../drift';
import { datetimeSchema } from '../variants/datetime';

/** The contract's shapes for `drift.*` (see src/shared/drift, docs/calibration-drift.md). */

const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, doc: string) => ({
  input,
  output,
  doc,
});

const ns = z.number().finite().nonnegative().nullable();
/** Qubit indices: devices have tens to hundreds; this only bounds hostile input. */
const qubitSchema = z.number().int().nonnegative().max(100_000);

const driftRunSchema: z.ZodType<DriftRun> = z.strictObject({
  jobId: z.number().int().nonnegative(),
  name: z.string(),
  at: z.string(),
  quantity: z.enum(DRIFT_QUANTITIES),
  qubit: qubitSchema.nullable(),
  valueNs: ns,
  sigmaNs: ns,
  reason: z.string().nullable(),
});

const driftSeriesViewSchema: z.ZodType<
  DriftSeries & { deviceId: number; scanned: number; capped: boolean; persistent: boolean }
> = z.strictObject({
  deviceId: z.number().int(),
  quantity: z.enum(DRIFT_QUANTITIES),
  qubit: qubitSchema.nullable(),
  qubits: z.array(qubitSchema),
  points: z.array(driftRunSchema).max(MAX_SERIES_POINTS),
  omitted: z.number().int().nonnegative(),
  /** Jobs of the device with a kept detail that were looked at, newest first. */
  scanned: z.number().int().nonnegative(),
  /** True when the device has more kept details than are looked at (the oldest are left out). */
  capped: z.boolean(),
  /** False when the job store lives in memory only (nothing kept across restarts). */
  persistent: z.boolean(),
});

export type DriftSeriesView = z.infer<typeof driftSeriesViewSchema>;

export const driftCalls = {
  'drift.series': call(
    z.strictObject({
      deviceId: z.number().int(),
      quantity: z.enum(DRIFT_QUANTITIES),
      qubit: qubitSchema.optional(),
      from: datetimeSchema.optional(),
      to: datetimeSchema.optional(),
    }),
    driftSeriesViewSchema,
    "A device's calibration drift from the local job store: its finished Rabi (π-pulse) or T1 " +
      'jobs on one qubit, each with its fitted value and one-sigma error or why it has none, ' +
      'oldest first. Works the same for every service: nothing is asked of it.',
  ),
};
