import { z } from 'zod';
import { DESCRIPTIONS } from './descriptions';

export const DEVICE_TYPES = ['qpu.analog', 'qpu.digital', 'simulator'] as const;
export const DEVICE_STATUSES = ['online', 'maintenance', 'offline'] as const;
export const JOB_STATUSES = [
  'pending',
  'validating',
  'queued',
  'running',
  'completed',
  'error',
  'cancelled',
  'timeout',
] as const;

/**
 * Statuses after which a job never changes again (spec §2.8; the client treats timeout as terminal
 * too: docs/wire-format.md, "Job lookups").
 */
export const TERMINAL_JOB_STATUSES = ['completed', 'error', 'cancelled', 'timeout'] as const;

export type DeviceType = (typeof DEVICE_TYPES)[number];
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];
export type TerminalJobStatus = (typeof TERMINAL_JOB_STATUSES)[number];

export const deviceTypeSchema = z.enum(DEVICE_TYPES).meta({ description: DESCRIPTIONS.deviceType });
export const deviceStatusSchema = z
  .enum(DEVICE_STATUSES)
  .meta({ description: DESCRIPTIONS.deviceStatus });
export const jobStatusSchema = z.enum(JOB_STATUSES).meta({ description: DESCRIPTIONS.jobStatus });

export function isTerminalStatus(
  status: JobStatus | null | undefined,
): status is TerminalJobStatus {
  return (TERMINAL_JOB_STATUSES as readonly string[]).includes(status ?? '');
}

/** How far along its life each status is: pending → validating → queued → running → an end. */
const STATUS_STAGE: Record<JobStatus, number> = {
  pending: 0,
  validating: 1,
  queued: 2,
  running: 3,
  completed: 4,
  error: 4,
  cancelled: 4,
  timeout: 4,
};

/**
 * Whether a service that now says `to` of a job known to be `from` would move it back: to an
 * earlier stage, or from an end to anything else (an ended job never changes). Statuses only
 * move forward: such a report is the service's anomaly, and the known status stays.
 */
export function movesBack(from: JobStatus | null | undefined, to: JobStatus | null | undefined) {
  if (!from || !to || from === to) return false;
  return isTerminalStatus(from) || STATUS_STAGE[to] < STATUS_STAGE[from];
}

/** What each status means, in the specification's words (§2.8). */
export const JOB_STATUS_MEANING: Record<JobStatus, string> = {
  pending: 'the job has not been submitted to the job API',
  validating: 'the job is queued but not yet validated',
  queued: 'the job is validated and queued for execution',
  running: 'the job is being executed on the device',
  completed: 'the job finished successfully',
  error: 'the job failed due to an error',
  cancelled: 'the job was cancelled by the user or the system',
  timeout: 'the job failed due to a timeout',
};
