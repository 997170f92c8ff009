import { describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../../src/core/client/endpoints';
import { clientOptionsForProfile } from '../../../../src/core/profiles/connection';
import type { Profile } from '../../../../src/core/profiles/schema';
import { profileSchema } from '../../../../src/shared/ipc/schemas';
import { cancelPathOf } from '../../../../src/shared/jobs/cancel-support';

const fetch = () => Promise.reject(new Error('no network in this test'));

describe('whether a connection can cancel jobs', () => {
  it('the built-in simulator profiles can, at the simulator’s endpoint', () => {
    const sim = {
      id: 'simulator-b',
      name: 'Sim',
      variant: 'B' as const,
      builtin: 'simulator' as const,
    };
    expect(cancelPathOf(sim)).toBe('/jobs/{id}/cancel');
    const options = clientOptionsForProfile(
      { ...sim, baseUrl: 'http://127.0.0.1:1/api/v1' },
      { fetch },
    );
    expect(resolvePaths(options.paths).cancel).toBe('/jobs/{id}/cancel');
  });

  it('a real service’s profile can only when it names a cancel endpoint', () => {
    const real: Profile = { id: 'lab', name: 'Lab', variant: 'A', baseUrl: 'https://lab/api/v1' };
    expect(cancelPathOf(real)).toBeNull();
    expect(resolvePaths(clientOptionsForProfile(real, { fetch }).paths).cancel).toBeNull();
    const named = { ...real, paths: { cancel: '/jobs/{id}:abort' } };
    expect(cancelPathOf(named)).toBe('/jobs/{id}:abort');
    expect(resolvePaths(clientOptionsForProfile(named, { fetch }).paths).cancel).toBe(
      '/jobs/{id}:abort',
    );
  });

  it('a cancel endpoint must say where the job id goes', () => {
    const parsed = profileSchema.safeParse({
      id: 'lab',
      name: 'Lab',
      variant: 'A',
      baseUrl: 'https://lab/api/v1',
      paths: { cancel: '/jobs/cancel' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['paths', 'cancel'],
      message: "the cancel path must contain '{id}'",
    });
  });
});
