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
