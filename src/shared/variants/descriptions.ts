/**
 * Hover texts for the editor and labels for the UI, taken from the specification's wording
 * (seeds/000_f3fdc59ba3e888bb.txt). Kept in one place so the JSON Schema, the CLI and the UI
 * say the same thing.
 */
export const DESCRIPTIONS = {
  executePayload:
    'Body of the execute operation (spec §2.6). Exactly one of the optional payload fields is populated, and it is the one that matches `type`.',
  executeType: 'ExecuteType: the discriminator of what is executed (spec §2.4).',
  executeResult:
    'ExecuteResult (spec §2.7): `type` says which result field is populated; the others are null.',
  readout:
    'Readout settings (spec §2.5): required beside the functional object in Variant A for the digital, analog, reservoir and variational payloads. Its internal structure is not shown by the specification.',
  functionalObject:
    'The functional object (spec §2.5). Its internal structure is not shown by the specification; it is sent as the YAML you write, byte-for-byte.',
  experimentObject:
    'The experiment object (spec §2.5). An experiment is identified inside its serialized form by a YAML tag; it is sent as the YAML you write, byte-for-byte.',
  deviceType:
    'DeviceType: analog quantum processor, digital quantum processor or simulator (spec §2.3).',
  deviceStatus: 'DeviceStatus: online, maintenance or offline (spec §2.3).',
  jobStatus: 'JobStatus: where the job is in its lifecycle (spec §2.8).',
  jobType: 'JobType: the job category used by the scheduler (spec §2.9).',
  jobId: 'JobId: the handle returned right after the execute operation (spec §2.10).',
  jobIdMessage:
    'A notice for the user from the service, for example a maintenance announcement (Variant A).',
  token: 'Token: the login response (spec §2.1). Its token type is `bearer`.',
  datetime: 'A timezone-aware datetime.',
} as const;

export function payloadDescription(payloadObject: string, executeType: string): string {
  return `${payloadObject} (spec §2.5): populated when \`type\` is \`${executeType}\`, null otherwise.`;
}
