import { executeKind } from '../../shared/variants';
import type { ExecutePayload, InnerPayload, VariantId } from '../../shared/variants';
import type { DeviceSpec } from '../devices/catalogue';
import type { EngineJob, EngineLimits } from '../engine/types';
import type { StoredJob } from '../store/stored-job';

/**
 * The engine's view of a stored job: the functional object (and Variant A's readout) exactly
 * as sent, with the YAML path each sits at in the user's ExecutePayload, so the engine's
 * errors point at the right place.
 */
export function toEngineJob(
  job: StoredJob,
  device: DeviceSpec,
  seed: number,
  limits: EngineLimits,
  options: { sdkOnly?: boolean } = {},
): EngineJob {
  const engineJob = payloadEngineJob(
    job.variant,
    job.execute_type,
    job.payload,
    device,
    seed,
    limits,
    options,
  );
  if (!engineJob)
    throw new Error(
      `job ${job.id}: variant ${job.variant} has no execute type '${job.execute_type}'`,
    );
  return engineJob;
}

/** The engine's view of an ExecutePayload (a job's, or a dry run's); null for an unknown type. */
export function payloadEngineJob(
  variant: VariantId,
  executeType: string,
  payload: ExecutePayload,
  device: DeviceSpec,
  seed: number,
  limits: EngineLimits,
  { sdkOnly = false }: { sdkOnly?: boolean } = {},
): EngineJob | null {
  const kind = executeKind(variant, executeType);
  if (!kind) return null;
  const inner = ((payload as Record<string, unknown>)[kind.payloadField] ?? {}) as InnerPayload;
  const engineJob: EngineJob = {
    variant,
    executeType: kind.executeType,
    functionalYaml: inner[kind.functionalField] ?? '',
    pathPrefix: `${kind.payloadField}.${kind.functionalField}`,
    device: device.physical,
    seed,
    limits,
    sdkOnly,
  };
  if (kind.readout) {
    engineJob.readoutYaml = inner.readout ?? '';
    engineJob.readoutPathPrefix = `${kind.payloadField}.readout`;
  }
  return engineJob;
}
