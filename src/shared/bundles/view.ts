import { z } from 'zod';
import { submissionOriginSchema } from '../annotations/schema';
import { jobDetailViewSchema, timelineEntrySchema } from '../ipc/schemas';
import { bundleDeviceSchema, bundlePayloadSchema, bundleSchema } from './schema';

/**
 * An opened bundle as the app shows it (`bundles.open`): each job as the detail view the job
 * monitor's viewers read (`fromCache`, with `offline` saying it comes from the file), beside
 * what only a bundle has.
 */
export const bundleViewSchema = z.strictObject({
  fileName: z.string(),
  createdAt: z.string(),
  app: bundleSchema.shape.app,
  source: bundleSchema.shape.source,
  redactions: z.number().int().nonnegative(),
  jobs: z.array(
    z.strictObject({
      view: jobDetailViewSchema,
      payload: bundlePayloadSchema.nullable(),
      timeline: z.array(timelineEntrySchema),
      device: bundleDeviceSchema,
      tags: z.array(z.string()),
      note: z.string(),
      origin: submissionOriginSchema.nullable(),
    }),
  ),
});
export type BundleView = z.infer<typeof bundleViewSchema>;
