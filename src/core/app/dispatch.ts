import type { z } from 'zod';
import type { CallArgs, CallName, CallOutput } from '../../shared/ipc/contract';
import { calls, isCallName } from '../../shared/ipc/contract';
import type { CallOutcome, IpcIssue } from '../../shared/ipc/call-error';
import { APP_ERROR_CODES, AppError, toIpcError } from '../errors/app-error';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import { quoted } from '../../shared/text/quote';

export type CallHandler<N extends CallName> = (input: CallArgs<N>) => Promise<CallOutput<N>>;
/** One handler per call of the contract: the compiler insists on all of them. */
export type HandlerTable = { [N in CallName]: CallHandler<N> };
/**
 * The handlers of one namespace of the contract (`jobs` → every `jobs.*` call), the type of each
 * file in ./handlers: a call added to the contract is missing from its namespace's file until
 * handled there.
 */
export type NamespaceHandlers<Namespace extends string> = Pick<
  HandlerTable,
  Extract<CallName, `${Namespace}.${string}`>
>;

export interface DispatchOptions {
  /**
   * Parse each answer with the contract's output schema too. On in tests and development: it
   * catches a handler leaking a field the contract does not allow (strict schemas). Off in
   * production for the large lists, where it would cost time on every refresh.
   */
  checkOutput?: boolean;
  log?: Logger;
}

function zodIssues(error: z.ZodError): IpcIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * The receiving side of every transport: refuse unknown calls, validate the input with the
 * contract's schema before the handler runs, and turn any failure into `{code, message, issues}`.
 * Never throws.
 */
export async function dispatchCall(
  handlers: HandlerTable,
  name: unknown,
  input: unknown,
  options: DispatchOptions = {},
): Promise<CallOutcome<unknown>> {
  const log = options.log ?? silentLogger;
  if (!isCallName(name)) {
    return {
      ok: false,
      error: {
        code: APP_ERROR_CODES.unknownCall,
        message: `Unknown call ${quoted(String(name), "'")}.`,
      },
    };
  }
  const spec = calls[name];
  const parsed = spec.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = zodIssues(parsed.error);
    const fields = issues.map((i) => i.path || '(input)').join(', ');
    return {
      ok: false,
      error: {
        code: APP_ERROR_CODES.invalidInput,
        message: `Invalid input for ${name}: ${fields}.`,
        issues,
      },
    };
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    if (options.checkOutput) {
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        log.error('a handler answered outside the contract', {
          call: name,
          issues: zodIssues(checked.error),
        });
        throw new AppError(
          APP_ERROR_CODES.internal,
          `The app's answer to ${name} does not fit its contract.`,
        );
      }
      return { ok: true, value: checked.data };
    }
    return { ok: true, value };
  } catch (error) {
    const ipcError = toIpcError(error);
    if (ipcError.code === APP_ERROR_CODES.internal) log.error(`call ${name} failed`, { error });
    else log.info(`call ${name} failed`, { code: ipcError.code, message: ipcError.message });
    return { ok: false, error: ipcError };
  }
}
