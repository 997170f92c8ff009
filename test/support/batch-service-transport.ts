import { MemorySecretStore } from '../../src/core/auth/memory-secret-store';
import { Session } from '../../src/core/auth/session';
import type { BatchTransport } from '../../src/core/batches/batch-runner';
import { createServiceClient } from '../../src/core/client/service-client';
import { requirePayload } from '../../src/core/submit/prepare-payload';
import { sendPayload } from '../../src/core/submit/send-payload';
import type { FaultyServer } from './faulty-server';
import { json } from './faulty-server';
import { wireToken } from './wire-fixtures';

/**
 * A batch transport as the app builds one: the real Variant B client, logged in to the faulty
 * server on loopback, sending each member's payload text by `sendPayload` and reading the job
 * list. Few retries and a short time-out, so a hung request costs a test little.
 */
export async function serviceTransport(server: FaultyServer): Promise<BatchTransport> {
  server.route('POST', '/authorisation-tokens', json(wireToken({ access: 'A1', refresh: 'R1' })));
  const session = new Session({
    client: createServiceClient({
      baseUrl: server.url,
      variant: 'B',
      fetch: (url, init) => fetch(url, init),
      timeoutMs: 1_500,
      retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 20 },
    }),
    profile: 'faulty',
    audience: 'test',
    store: new MemorySecretStore(),
  });
  await session.login('alice', 'key');
  const client = session.client;
  return {
    async submit(member, batch) {
      const payload = requirePayload('B', member.text);
      const outcome = await sendPayload(client, payload, {
        deviceCode: batch.deviceCode,
        name: member.name,
      });
      return outcome.jobId.id;
    },
    async listJobs() {
      return (await client.listJobs()).map((j) => ({
        id: j.id,
        name: j.name,
        createdAt: j.created_at,
      }));
    },
  };
}
