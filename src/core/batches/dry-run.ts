import type { VariantId } from '../../shared/variants/declaration';
import { requirePayload } from '../submit/prepare-payload';
import { dryRun } from '../../simulator';
import type { DryRunOutcome } from '../../simulator';

export type { DryRunOutcome };

/**
 * One payload run by the simulator's engine, nothing sent anywhere: what the first member of a
 * sweep would give, before the batch is submitted. The text is prepared as every submission's
 * is (a refusal in the same words); the simulator runs it on an engine thread with a job's
 * limits, so this process (the app's main process) keeps answering while it works.
 */
export async function dryRunPayload(
  variant: VariantId,
  text: string,
  deviceCode: string,
): Promise<DryRunOutcome> {
  return dryRun(variant, requirePayload(variant, text), deviceCode);
}
