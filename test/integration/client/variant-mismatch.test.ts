import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVariant } from '../../../src/core/client/variant-probe';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import type { VariantId } from '../../../src/shared/variants';
import { failure, sessionFor, submitAsDemo } from '../../support/service-session';
import { REPO_ROOT } from '../../support/cli-runner';

/**
 * A connection set to one variant against a simulator of the other: the client says which
 * variant the service seems to speak, and why, where the answers tell (a job's full record),
 * instead of decoding half of it.
 */

const DIALECT = path.join(REPO_ROOT, 'test/fixtures/dialect');
const GOOD: Record<VariantId, string> = {
  A: path.join(DIALECT, 'a-digital-bell.yaml'),
  B: path.join(DIALECT, 'b-sampling-bell.yaml'),
};

const sims = {} as Record<VariantId, SimulatorHandle>;
const dirs: string[] = [];

async function login(url: string, variant: VariantId) {
  const session = sessionFor(url, variant, { switchVariantHint: (v) => `Switch to ${v}.` });
  await session.login('demo', 'demo');
  return session;
}

beforeAll(async () => {
  for (const variant of ['A', 'B'] as const) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qjob-variant-${variant}-`));
    dirs.push(dir);
    sims[variant] = await startSimulator({
      variant,
      speed: 50,
      seed: 1,
      dataDir: dir,
      onProblem: () => undefined,
    });
    await submitAsDemo(sims[variant].url, variant, GOOD[variant]);
  }
});
afterAll(async () => {
  for (const sim of Object.values(sims)) await sim.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the variant a service speaks', () => {
  it('a Variant A connection on a Variant B service: the records say B', async () => {
    const session = await login(sims.B.url, 'A');
    // The list of B fits A (status is allowed there, nothing else tells): no error.
    const jobs = await session.client.listJobs();
    expect(jobs.length).toBe(1);
    const error = await failure(session.client.getJob(jobs[0]!.id, { full: true }));
    expect(error.code).toBe('variant-mismatch');
    expect(error.message).toBe(
      `The service at ${sims.B.url} seems to speak Variant B (job 1 carries jobType, which only Variant B records have; job 1's payload has type 'sampling', a Variant B execute type); this connection is set to Variant A. Switch to B.`,
    );
    expect(error.variant).toMatchObject({ detected: 'B', configured: 'A' });
    // Even the cheap lookup with the error text carries jobType in B.
    const probe = await probeVariant(session.client);
    expect(probe.outcome).toBe('mismatch');
    expect(probe.message).toMatch(/seems to speak Variant B \(job 1 carries jobType/);
    session.dispose();
  });

  it('a Variant B connection on a Variant A service: the records say A', async () => {
    const session = await login(sims.A.url, 'B');
    // Variant A's list carries status as B's does (the real service sends it; qilisdk 0.2.x
    // requires it), and its record fits B: nothing there tells, so no error.
    const jobs = await session.client.listJobs();
    expect(jobs.length).toBe(1);
    expect(jobs[0]!.status).toEqual(expect.any(String));
    const error = await failure(session.client.getJob(jobs[0]!.id, { full: true }));
    expect(error.code).toBe('variant-mismatch');
    expect(error.message).toMatch(
      /^The service at .* seems to speak Variant A \(.*\); this connection is set to Variant B\. Switch to A\.$/,
    );
    expect((await probeVariant(session.client)).outcome).toBe('mismatch');
    session.dispose();
  });

  it.each(['A', 'B'] as const)(
    'a Variant %s connection on its own variant: a match',
    async (variant) => {
      const session = await login(sims[variant].url, variant);
      const probe = await probeVariant(session.client);
      expect(probe).toEqual({
        outcome: 'match',
        message: expect.stringMatching(
          new RegExp(`^The service speaks Variant ${variant}, as set \\(`),
        ) as string,
      });
      const { problems } = await session.client.getJob(1, { full: true });
      expect(problems).toEqual([]);
      session.dispose();
    },
  );
});
