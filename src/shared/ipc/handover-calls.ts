import { z } from 'zod';
import { jobAnnotationsSchema, noteSchema, tagListSchema, tagSchema } from '../annotations/schema';
import { BUNDLE_MAX_BYTES, BUNDLE_MAX_JOBS } from '../bundles/schema';
import { bundleViewSchema } from '../bundles/view';
import { submitResultSchema } from './schemas';

/**
 * The calls of rerun, tags and notes, and bundles (docs/rerun-tags-bundles.md), spread into the
 * contract's `calls`. Same shape as there: one input object, one output, a sentence.
 */
const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, doc: string) => ({
  input,
  output,
  doc,
});
const jobId = z.number().int().nonnegative();

export const handoverCalls = {
  'annotations.get': call(
    z.strictObject({ id: jobId }),
    jobAnnotationsSchema,
    'A job’s tags and note, where it came from (a rerun, a bundle) and its reruns; kept on this computer.',
  ),
  'annotations.changeTags': call(
    z.strictObject({
      id: jobId,
      add: tagListSchema.optional(),
      remove: z.array(tagSchema).max(100).optional(),
    }),
    z.strictObject({ tags: z.array(z.string()) }),
    'Add and remove tags of a job; answers its tags after the change.',
  ),
  'annotations.setNote': call(
    z.strictObject({ id: jobId, note: noteSchema }),
    jobAnnotationsSchema,
    'Set a job’s note (an empty text removes it).',
  ),
  'annotations.index': call(
    z.strictObject({}),
    z.strictObject({
      jobs: z.array(
        z.strictObject({ id: jobId, tags: z.array(z.string()), note: z.string().optional() }),
      ),
    }),
    'Every tagged or annotated job of the active connection with its tags and note: what the job table searches.',
  ),
  'jobs.rerunSource': call(
    z.strictObject({ id: jobId }),
    z.strictObject({
      jobId,
      text: z.string(),
      deviceCode: z.string().nullable(),
      name: z.string(),
      exact: z.boolean(),
      kept: z.array(z.strictObject({ path: z.string(), reason: z.string() })).max(1000),
    }),
    'A job’s payload document and device, to open in the editor and run again (`exact`: the bytes submitted from here; else the service’s copy in the friendly form, `kept` naming the parts that stay in the SDK’s form).',
  ),
  'jobs.rerun': call(
    z.strictObject({ id: jobId, deviceCode: z.string().min(1).max(200).optional() }),
    submitResultSchema,
    'Submit a job’s payload again, on its device or another; the new job records which job it came from.',
  ),
  'bundles.export': call(
    z.strictObject({ ids: z.array(jobId).min(1).max(BUNDLE_MAX_JOBS) }),
    z.strictObject({ text: z.string(), fileName: z.string(), redactions: z.number().int() }),
    'One job or a batch as a bundle file’s text (secrets removed), to save or download.',
  ),
  'bundles.open': call(
    z.strictObject({ text: z.string().max(BUNDLE_MAX_BYTES), fileName: z.string().max(500) }),
    bundleViewSchema,
    'Check and read a bundle file, to show it read-only.',
  ),
} as const;
