import type { Device, JobDetail } from '../../shared/variants';
import { payloadToYaml } from '../../shared/yaml/payload-to-yaml';
import type { AnnotationStore } from '../annotations/types';

/** A job's payload document and device, ready to be submitted again. */
export interface RerunSource {
  jobId: number;
  text: string;
  /** The device it ran on, by code; null when the device list does not know its id. */
  deviceCode: string | null;
  name: string;
  /**
   * True when `text` is the document exactly as it was submitted from here; false when it is
   * rebuilt from the payload the service returned (same content, maybe not the same bytes).
   */
  exact: boolean;
}

export class NoPayloadError extends Error {
  constructor(readonly jobId: number) {
    super(
      `Job ${jobId} cannot be run again: its payload is not known (the service returned none, and it was not submitted from here).`,
    );
  }
}

/**
 * Where a rerun starts: the payload text this computer submitted (exact bytes) when the store
 * has it, else the service's full detail turned back into the document (shared/yaml's
 * payloadToYaml, which inlines each functional object as the YAML text it was sent as).
 */
export async function rerunSource(
  deps: {
    store: AnnotationStore;
    profileKey: string;
    fullDetail: (id: number) => Promise<JobDetail>;
    devices: () => Promise<readonly Device[]>;
  },
  id: number,
): Promise<RerunSource> {
  const kept = deps.store.submission(deps.profileKey, id);
  const detail = await deps.fullDetail(id).catch((error: unknown) => {
    if (kept) return null;
    throw error;
  });
  if (kept) {
    return {
      jobId: id,
      text: kept.payloadText,
      deviceCode: kept.deviceCode,
      name: detail?.name ?? '',
      exact: true,
    };
  }
  if (!detail?.payload) throw new NoPayloadError(id);
  const devices = await deps.devices().catch(() => []);
  return {
    jobId: id,
    text: payloadToYaml(detail.payload),
    deviceCode: devices.find((d) => d.id === detail.device_id)?.code ?? null,
    name: detail.name,
    exact: false,
  };
}
