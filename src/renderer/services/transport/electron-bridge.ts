import type { CallInput, CallName, CallOutput, QjobApi } from '../../../shared/ipc/contract';
import { QjobCallError, TRANSPORT_ERROR_CODES, isIpcError } from '../../../shared/ipc/call-error';

/**
 * Wraps the preload's `window.qjob`. The preload rejects a failed call with a plain
 * `{code, message, issues}` object, because the context bridge copies plain objects intact but
 * strips custom fields from Errors; here it becomes a real `QjobCallError` again.
 */
export function wrapBridge(bridge: QjobApi): QjobApi {
  return {
    async call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
      try {
        return await bridge.call(name, input);
      } catch (error) {
        if (error instanceof QjobCallError) throw error;
        if (isIpcError(error)) throw new QjobCallError(error);
        const message = error instanceof Error ? error.message : String(error);
        throw new QjobCallError({ code: TRANSPORT_ERROR_CODES.internal, message });
      }
    },
    on: (name, listener) => bridge.on(name, listener),
  };
}
