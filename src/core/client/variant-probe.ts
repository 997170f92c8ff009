import type { VariantSample } from '../../shared/variants';
import { detectVariant } from '../../shared/variants';
import { isServiceError } from './errors';
import type { ServiceError } from './errors';
import type { CallOptions, ServiceClient } from './types';

export interface VariantProbe {
  /** `match`: the answers point to the connection's variant; `unknown`: nothing tells either way. */
  outcome: 'match' | 'mismatch' | 'unknown';
  /** One sentence for people: the evidence, or why nothing could be told. */
  message: string;
  /** The `variant-mismatch` error, when the outcome is a mismatch. */
  error?: ServiceError;
}

/**
 * Asks the service for what tells the variants apart: the job list (a record without status is
 * Variant A's, but the real service sends status in both, so this rarely tells), the newest
 * job's record with its error text (only Variant B's records carry `jobType`) and, when that did
 * not tell, the same job's payload (its execute type belongs to one variant). A login answers
 * with a token only, whose wire form is the same in both variants, so this is what "Test
 * connection" and a login run to check the variant. Needs a logged-in client; costs the job
 * list and one or two lookups.
 */
export async function probeVariant(
  client: ServiceClient,
  options: CallOptions = {},
): Promise<VariantProbe> {
  const samples: VariantSample[] = [];
  try {
    const jobs = await client.listJobs(options);
    samples.push({ kind: 'job-list', body: jobs });
    const newest = jobs.reduce<number | null>(
      (max, j) => (max === null || j.id > max ? j.id : max),
      null,
    );
    if (newest !== null) {
      const { detail } = await client.getJob(newest, { ...options, withError: true });
      samples.push({ kind: 'job', body: detail });
      // Nothing decisive yet (a Variant A record looks like a B one without its payload): the
      // payload's execute type belongs to one variant.
      if (!detectVariant(...samples).decisive) {
        const typed = await client.getJob(newest, { ...options, fields: ['payload'] });
        samples.push({ kind: 'job', body: typed.detail });
      }
    }
  } catch (error) {
    if (isServiceError(error) && error.code === 'variant-mismatch')
      return { outcome: 'mismatch', message: error.message, error };
    if (isServiceError(error) && error.code === 'aborted') throw error;
    return {
      outcome: 'unknown',
      message: `The variant could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const verdict = detectVariant(...samples);
  if (verdict.variant === client.variant) {
    return {
      outcome: 'match',
      message: `The service speaks Variant ${verdict.variant}, as set (${verdict.evidence}).`,
    };
  }
  return {
    outcome: 'unknown',
    message:
      samples.length < 2
        ? 'The variant could not be checked: there are no jobs yet to tell it by.'
        : `The answers fit either variant; the connection stays set to Variant ${client.variant}.`,
  };
}
