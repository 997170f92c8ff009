import type { KeptPart } from '../../shared/sdk/decompile/decompile-payload';
import { openServicePayload } from '../../shared/sdk/decompile/open-service-payload';
import type { Device, JobDetail, VariantId } from '../../shared/variants';
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
  /** When rebuilt: the parts that stay in the SDK's form (inline in `text`), and why. */
  kept: KeptPart[];
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
 * has it, else the service's full detail (its objects in the SDK's form) opened as the friendly
 * document where that is verified, parts that stay in the SDK's form inline and named
 * (openServicePayload, the same opening the Payload tab shows).
 */
export async function rerunSource(
  deps: {
    store: AnnotationStore;
    profileKey: string;
    /** The connection's variant: the SDK form the service's payload is in. */
    variant: VariantId;
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
      kept: [],
    };
  }
  if (!detail?.payload) throw new NoPayloadError(id);
  const devices = await deps.devices().catch(() => []);
  const opened = openServicePayload(deps.variant, detail.payload);
  return {
    jobId: id,
    text: opened.text,
    kept: opened.kept,
    deviceCode: devices.find((d) => d.id === detail.device_id)?.code ?? null,
    name: detail.name,
    exact: false,
  };
}
