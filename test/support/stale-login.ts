import { MemorySecretStore } from '../../src/core/auth/memory-secret-store';
import { Session } from '../../src/core/auth/session';
import { createServiceClient } from '../../src/core/client/service-client';
import { startSimulator } from '../../src/simulator';
import type { VariantId } from '../../src/shared/variants/declaration';

/** A login kept for a profile: which profile, and the variant of the simulator that issued it. */
export interface KeptLogin {
  profile: string;
  variant: VariantId;
}

/**
 * A secret store holding, for each profile, a login issued by a simulator that is gone: as after
 * using another data folder or resetting one, its tokens are signed with a key no simulator
 * running now has, so every service refuses them (HTTP 401) and refuses to renew them.
 */
export async function storeWithLoginsFromEarlierSimulators(
  logins: readonly KeptLogin[],
): Promise<MemorySecretStore> {
  const store = new MemorySecretStore();
  for (const { profile, variant } of logins) {
    // No data folder: a fresh token key, gone when it stops.
    const earlier = await startSimulator({ variant, onProblem: () => undefined });
    try {
      const session = new Session({
        client: createServiceClient({ baseUrl: earlier.url, variant, fetch }),
        profile,
        audience: 'any',
        store,
      });
      await session.login('demo', 'demo');
      session.dispose();
    } finally {
      await earlier.stop();
    }
  }
  return store;
}
