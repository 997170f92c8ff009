import { z } from 'zod';
import type { DeviceDurations, DurationGroup, DurationModel } from '../estimates/duration-model';

/** The contract's shapes for `estimates.*` and `deviceHistory.*` (see src/shared/estimates). */

const ms = z.number().finite().nonnegative();
const durationGroupSchema: z.ZodType<DurationGroup> = z
  .strictObject({ wait: z.array(ms), total: z.array(ms), running: z.array(ms) })
  .refine((g) => g.wait.length === g.total.length, {
    message: 'wait and total must pair up',
  });
const deviceDurationsSchema: z.ZodType<DeviceDurations> = z.strictObject({
  all: durationGroupSchema,
  kinds: z.record(z.string(), durationGroupSchema),
});
export const durationModelSchema: z.ZodType<DurationModel> = z.strictObject({
  devices: z.record(z.string().regex(/^-?\d+$/), deviceDurationsSchema),
  jobs: z.number().int().nonnegative(),
});

export const estimatesViewSchema = z.strictObject({
  model: durationModelSchema,
  /** Unfinished jobs seen running, by id: when this app first saw each running. */
  runningSince: z.record(z.string().regex(/^\d+$/), z.string()),
  builtAt: z.string(),
});

export const deviceHistoryEntrySchema = z.strictObject({
  kind: z.enum(['status', 'message']),
  value: z.string(),
  at: z.string(),
  lastAt: z.string(),
});

export const deviceHistoryViewSchema = z.strictObject({
  code: z.string(),
  /** The span asked for (ISO 8601): `from` days back to now. */
  from: z.string(),
  to: z.string(),
  entries: z.array(deviceHistoryEntrySchema),
  /** False when the history lives in memory only (no local store). */
  persistent: z.boolean(),
});
