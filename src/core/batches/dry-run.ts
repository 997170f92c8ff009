import { executeKind } from '../../shared/variants';
import type { VariantId } from '../../shared/variants/declaration';
import { requirePayload } from '../submit/prepare-payload';
import { CATALOGUE } from '../../simulator/devices/catalogue';
import { DEFAULT_ENGINE_LIMITS, runJob } from '../../simulator/engine';
import type { EngineJob } from '../../simulator/engine';

export interface DryRunOutcome {
  /** The simulated device it ran on: the batch's own when the simulator has it, else the exact simulator. */
  deviceCode: string;
  resultYaml: string | null;
  error: string | null;
}

/**
 * One payload run by the simulator's engine in this process, nothing sent anywhere: what the
 * first member of a sweep would give, before the batch is submitted. The same physics and
 * checks as the simulator's `validating` and `running` steps.
 */
export async function dryRunPayload(
  variant: VariantId,
  text: string,
  deviceCode: string,
  signal?: AbortSignal,
): Promise<DryRunOutcome> {
  const payload = requirePayload(variant, text);
  const kind = executeKind(variant, payload.type);
  const spec = CATALOGUE.find((d) => d.code === deviceCode) ?? CATALOGUE[0]!;
  if (!kind)
    return { deviceCode: spec.code, resultYaml: null, error: `unknown type ${payload.type}` };
  const inner = (payload as unknown as Record<string, Record<string, string | undefined>>)[
    kind.payloadField
  ];
  const job: EngineJob = {
    variant,
    executeType: kind.executeType,
    functionalYaml: inner?.[kind.functionalField] ?? '',
    pathPrefix: `${kind.payloadField}.${kind.functionalField}`,
    device: spec.physical,
    seed: 1,
    limits: DEFAULT_ENGINE_LIMITS,
  };
  if (kind.readout) {
    job.readoutYaml = inner?.readout ?? '';
    job.readoutPathPrefix = `${kind.payloadField}.readout`;
  }
  const outcome = await runJob(job, undefined, signal);
  return outcome.ok
    ? { deviceCode: spec.code, resultYaml: outcome.resultYaml, error: null }
    : { deviceCode: spec.code, resultYaml: null, error: outcome.error };
}
