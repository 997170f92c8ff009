import { z } from 'zod';

/**
 * How a failed call crosses a transport: a code, a message for people, and where relevant the
 * field paths that were wrong. Never a stack, never a secret.
 */
export const ipcErrorSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

export class QjobCallError extends Error {
  readonly code: string;
  readonly issues: { path: string; message: string }[] | undefined;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'QjobCallError';
    this.code = error.code;
    this.issues = error.issues;
  }
}
