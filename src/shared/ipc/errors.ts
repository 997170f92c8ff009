import { z } from 'zod';
import type { IpcError } from './call-error';

export { QjobCallError, TRANSPORT_ERROR_CODES, isIpcError, unwrapOutcome } from './call-error';
export type { IpcError, IpcIssue, CallOutcome } from './call-error';

/**
 * How a failed call crosses a transport: a code, a message for people, and where relevant the
 * field paths that were wrong. Never a stack, never a secret.
 */
export const ipcErrorSchema: z.ZodType<IpcError> = z.strictObject({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
