import { dispatchCall } from '../../src/core/app/dispatch';
import type { AppCore } from '../../src/core/app/types';
import type { IpcError } from '../../src/shared/ipc/call-error';
import type { CallInput, CallName, CallOutput } from '../../src/shared/ipc/contract';

/**
 * Calls into an app core the way every transport does: through the dispatcher, each answer
 * checked against the contract. `failure` is the error a call must end in.
 */
export function appCalls(core: () => AppCore) {
  return {
    async call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
      const outcome = await dispatchCall(core().handlers, name, input, { checkOutput: true });
      if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
      return outcome.value as CallOutput<N>;
    },
    async failure(name: CallName, input: unknown): Promise<IpcError> {
      const outcome = await dispatchCall(core().handlers, name, input, { checkOutput: true });
      if (outcome.ok) throw new Error(`${name} succeeded`);
      return outcome.error;
    },
  };
}
