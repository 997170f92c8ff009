import type { BundleView } from '../../shared/bundles';
import { BundleError, readBundle } from '../../shared/bundles';
import type { JobDetail } from '../../shared/variants';
import { executeResultSchema } from '../../shared/variants';
import { preparePayload } from '../submit/prepare-payload';

/**
 * A bundle file's text turned into what the app shows: checked whole (readBundle), each
 * result checked against its variant's result schema (a viewer must never meet a result it
 * cannot read), each payload document parsed as the editor does so the viewers see the same
 * payload a submitted job has. Throws a BundleError saying where the first problem is.
 */
export function openBundle(text: string, fileName: string): BundleView {
  const bundle = readBundle(text, fileName);
  const { variant } = bundle.source;
  const from = `From the bundle ${fileName}, made ${bundle.createdAt} by ${bundle.app.name} ${bundle.app.version}: read-only, nothing is asked of the service.`;
  return {
    fileName,
    createdAt: bundle.createdAt,
    app: bundle.app,
    source: bundle.source,
    redactions: bundle.redactions,
    jobs: bundle.jobs.map((job, index) => {
      let result: unknown = null;
      if (job.result !== undefined && job.result !== null) {
        const checked = executeResultSchema(variant).safeParse(job.result);
        if (!checked.success) {
          const issue = checked.error.issues[0]!;
          const where = ['jobs', index, 'result', ...issue.path].map(String).join('.');
          throw new BundleError(
            `${fileName} is damaged at ${where}: ${issue.message} (not a Variant ${variant} result).`,
            where,
          );
        }
        result = checked.data;
      }
      const problems = [...job.problems];
      let payload: unknown = null;
      if (job.payload) {
        const prepared = preparePayload(variant, job.payload.text);
        payload = prepared.payload;
        if (prepared.invalid !== null) {
          problems.push({
            field: 'payload',
            code: 'invalid',
            message: prepared.invalid,
            raw: job.payload.text,
          });
        }
      }
      const detail = {
        ...job.record,
        payload,
        result,
        logs: job.logs,
        error: job.error,
        error_logs: job.error_logs,
      } as JobDetail;
      return {
        view: {
          detail,
          problems,
          fetchedAt: job.fetchedAt,
          fromCache: true,
          offline: from,
          storeReason: null,
        },
        payload: job.payload,
        timeline: job.timeline,
        device: job.device,
        tags: job.tags,
        note: job.note,
        origin: job.origin,
      };
    }),
  };
}
