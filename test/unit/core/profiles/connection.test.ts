import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { clientOptionsForProfile } from '../../../../src/core/profiles/connection';
import type { Profile } from '../../../../src/core/profiles/schema';

const profile: Profile = {
  id: 'lab',
  name: 'Lab',
  baseUrl: 'https://qjob.example/api/v1',
  variant: 'B',
};
const fetch = () => Promise.reject(new Error('not called'));

describe('clientOptionsForProfile', () => {
  it("carries the profile's time-out per attempt and deadline per call to the client", () => {
    const tuned = createServiceClient(
      clientOptionsForProfile({ ...profile, timeoutMs: 5_000, deadlineMs: 12_000 }, { fetch }),
    );
    expect(tuned.config).toMatchObject({ timeoutMs: 5_000, deadlineMs: 12_000 });
    // Untouched, a call gives up within 45 s, not after four attempts of 30 s.
    const plain = createServiceClient(clientOptionsForProfile(profile, { fetch }));
    expect(plain.config).toMatchObject({ timeoutMs: 30_000, deadlineMs: 45_000 });
  });
});
