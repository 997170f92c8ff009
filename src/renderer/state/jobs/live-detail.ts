import { DETAIL_FIELDS } from '../../../shared/ipc/schemas';
import type { DetailField } from '../../../shared/ipc/schemas';
import type { JobDetailView } from './initialState';

/**
 * While a job runs only its record and its logs change: the core's poller, which follows the open
 * job (`jobs.follow`), asks for those alone, so a look costs the size of the log rather than
 * payload, result and log together, and sends them as `jobs.live` events. The full detail is
 * fetched once when the job ends.
 */
export const LIVE_FIELDS: readonly DetailField[] = ['logs'];

const HEAVY = new Set<string>(DETAIL_FIELDS);

/**
 * The shown detail brought up to date from a lookup of some parts: the record's fields and the
 * asked-for parts come from the answer, the other parts (payload, result) stay as shown, and so
 * do the decode problems of the parts that were not asked for.
 */
export function mergeLiveAnswer(
  shown: JobDetailView,
  answer: JobDetailView,
  fields: readonly DetailField[] = LIVE_FIELDS,
): JobDetailView {
  const asked = new Set<string>(fields);
  const detail: Record<string, unknown> = { ...shown.detail };
  for (const [key, value] of Object.entries(answer.detail)) {
    if (!HEAVY.has(key) || asked.has(key)) detail[key] = value;
  }
  // A record without a status (absent, or null) does not say the job lost it.
  if (answer.detail.status == null && shown.detail.status != null)
    detail['status'] = shown.detail.status;
  return {
    ...shown,
    detail: detail as JobDetailView['detail'],
    problems: [
      ...shown.problems.filter((p) => !asked.has(p.field)),
      ...answer.problems.filter((p) => asked.has(p.field)),
    ],
    fetchedAt: answer.fetchedAt,
  };
}
