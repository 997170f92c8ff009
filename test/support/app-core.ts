import path from 'node:path';
import { createAppCore } from '../../src/core/app/create-app-core';
import { dispatchCall } from '../../src/core/app/dispatch';
import type { AppCore, AppCoreOptions } from '../../src/core/app/types';
import { MemorySecretStore } from '../../src/core/auth/memory-secret-store';
import type { CallOutcome, IpcError } from '../../src/shared/ipc/call-error';
import type {
  CallInput,
  CallName,
  CallOutput,
  EventName,
  EventPayload,
} from '../../src/shared/ipc/contract';

/** The app core as browser mode runs it, fast for tests; `extra` overrides any option. */
export function openAppCore(
  dataDir: string,
  extra: Partial<AppCoreOptions> = {},
): Promise<AppCore> {
  return createAppCore({
    shell: 'web',
    dataDir,
    fetch: (url, init) => fetch(url, init),
    secretStoreFactory: async () => new MemorySecretStore(),
    resourcesDir: path.resolve('resources'),
    simulator: { speed: 50 },
    deviceRefreshMs: 60_000,
    ...extra,
  });
}

/** A call the way every transport makes it (answers checked against the contract). */
export function outcomeOf<N extends CallName>(
  core: AppCore,
  name: N,
  input: CallInput<N>,
): Promise<CallOutcome<unknown>> {
  return dispatchCall(core.handlers, name, input, { checkOutput: true });
}

/** A call's value; a failure is thrown as an Error carrying the contract's error fields. */
export async function callCore<N extends CallName>(
  core: AppCore,
  name: N,
  input: CallInput<N>,
): Promise<CallOutput<N>> {
  const outcome = await outcomeOf(core, name, input);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.value as CallOutput<N>;
}

/** The next event of that name that matches. */
export function nextCoreEvent<N extends EventName>(
  core: AppCore,
  name: N,
  match: (payload: EventPayload<N>) => boolean = () => true,
): Promise<EventPayload<N>> {
  return new Promise((resolve) => {
    const off = core.events.on(name, (payload) => {
      if (!match(payload)) return;
      off();
      resolve(payload);
    });
  });
}

/** `call` and `failure` bound to a core made later (in `beforeAll`). */
export function appCalls(core: () => AppCore) {
  return {
    call: <N extends CallName>(name: N, input: CallInput<N>) => callCore(core(), name, input),
    async failure(name: CallName, input: unknown): Promise<IpcError> {
      const outcome = await outcomeOf(core(), name, input as never);
      if (outcome.ok) throw new Error(`${name} succeeded`);
      return outcome.error;
    },
  };
}
