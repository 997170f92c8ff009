import { readFileSync } from 'node:fs';
import { MemorySecretStore } from '../../src/core/auth/memory-secret-store';
import { Session } from '../../src/core/auth/session';
import { createServiceClient } from '../../src/core/client/service-client';
import type { ServiceClientOptions } from '../../src/core/client/types';
import type { ServiceError } from '../../src/core/client/errors';
import type { VariantId } from '../../src/shared/variants';
import { compilePayload } from '../../src/shared/sdk/compile/compile-payload';

/** The error a call ends in; fails the test when it succeeds instead. */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected a failure');
}

/** A session on a real service (a simulator, a faulty server) with its login kept in memory. */
export function sessionFor(
  baseUrl: string,
  variant: VariantId,
  options: Partial<ServiceClientOptions> = {},
): Session {
  const client = createServiceClient({
    baseUrl,
    variant,
    fetch: (url, init) => fetch(url, init),
    retry: { retries: 0 },
    ...options,
  });
  return new Session({ client, profile: 'p', audience: baseUrl, store: new MemorySecretStore() });
}

/**
 * Logs in as the simulator's demo user and submits a payload document to `sim.statevector`,
 * compiled to the SDK's form as every submit path of the app does (the simulator reads only it).
 */
export async function submitAsDemo(
  baseUrl: string,
  variant: VariantId,
  file: string,
): Promise<number> {
  const session = sessionFor(baseUrl, variant);
  try {
    await session.login('demo', 'demo');
    const { payload } = compilePayload(variant, readFileSync(file, 'utf8'));
    if (!payload) throw new Error(`${file} is not a valid Variant ${variant} payload`);
    return (await session.client.execute(payload, { deviceCode: 'sim.statevector' })).jobId.id;
  } finally {
    session.dispose();
  }
}
