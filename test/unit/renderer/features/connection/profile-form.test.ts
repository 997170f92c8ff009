import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL_EXAMPLE,
  draftFromProfile,
  emptyDraft,
  validateDraft,
} from '../../../../../src/renderer/features/connection/profile-form';

const named = (over: Partial<ReturnType<typeof emptyDraft>> = {}) => ({
  ...emptyDraft(),
  id: 'lab',
  name: 'Lab',
  baseUrl: 'https://q.example.com/api/v1',
  ...over,
});

describe('the connection form’s durations, typed in seconds', () => {
  it('become the profile’s milliseconds, and empty means the default', () => {
    const { profile, errors } = validateDraft(
      named({ pollSeconds: '2.5', timeoutSeconds: '10', deadlineSeconds: '' }),
      [],
    );
    expect(errors).toEqual({});
    expect(profile).toMatchObject({ pollIntervalMs: 2500, timeoutMs: 10_000 });
    expect(profile).not.toHaveProperty('deadlineMs');
  });

  it('say what is wrong, field by field, in words', () => {
    const { profile, errors } = validateDraft(
      named({ timeoutSeconds: 'soon', deadlineSeconds: '0.01', pollSeconds: '900' }),
      [],
    );
    expect(profile).toBeNull();
    expect(errors).toEqual({
      timeoutSeconds: 'Enter a number of seconds, such as 5 or 0.5.',
      deadlineSeconds: 'Between 0.1 and 600 seconds.',
      pollSeconds: 'Between 0.25 and 600 seconds.',
    });
  });

  it('round-trip through a saved profile, and a cleared field removes the setting', () => {
    const saved = validateDraft(
      named({ timeoutSeconds: '12', deadlineSeconds: '90' }),
      [],
    ).profile!;
    const draft = draftFromProfile(saved);
    expect(draft).toMatchObject({ timeoutSeconds: '12', deadlineSeconds: '90' });
    const cleared = validateDraft({ ...draft, deadlineSeconds: '' }, []).profile!;
    expect(cleared.timeoutMs).toBe(12_000);
    expect(cleared).not.toHaveProperty('deadlineMs');
  });
});

describe('the base URL’s example', () => {
  it('ends in the API version segment, as the README’s does, and the error shows it', () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    expect(BASE_URL_EXAMPLE).toMatch(/\/api\/v1$/);
    expect(readme).toContain(`\`${BASE_URL_EXAMPLE}\``);
    expect(validateDraft(named({ baseUrl: 'lab.example' }), []).errors.baseUrl).toContain(
      BASE_URL_EXAMPLE,
    );
  });
});

describe('the connection form’s cancel endpoint', () => {
  it('is kept when it names where the job id goes, and refused otherwise', () => {
    const paths = (cancel: string) => ({ ...emptyDraft().paths, cancel });
    const ok = validateDraft(named({ paths: paths('/jobs/{id}/cancel') }), []);
    expect(ok.errors).toEqual({});
    expect(ok.profile?.paths).toEqual({ cancel: '/jobs/{id}/cancel' });
    expect(draftFromProfile(ok.profile!).paths.cancel).toBe('/jobs/{id}/cancel');
    const bad = validateDraft(named({ paths: paths('/jobs/cancel') }), []);
    expect(bad.profile).toBeNull();
    expect(bad.errors['paths.cancel']).toMatch(/must contain '\{id\}'/);
  });
});
