import { describe, expect, it } from 'vitest';
import type { CollectBundleDeps } from '../../../../src/core/bundles';
import { collectBundle, serializeBundle } from '../../../../src/core/bundles';
import { MemoryJobCache } from '../../../../src/core/job-store';
import { BUNDLE_MAX_BYTES, BundleError, readBundle } from '../../../../src/shared/bundles';
import { jobDetail } from '../../../support/wire-fixtures';

/**
 * A bundle's size is checked as it is made, job by job (issue 28, item 5): exporting jobs with
 * large logs once fetched every detail (each kept in the local store and held in memory) and
 * only then found the whole over the limit; and a job whose log is longer than a bundle holds
 * made a file no one could open.
 */
const MB = 1024 * 1024;

function deps(logBytes: number, fetched: number[]): CollectBundleDeps {
  return {
    cache: new MemoryJobCache(null),
    profileKey: 'p:B',
    detail: async (id) => {
      fetched.push(id);
      return {
        detail: jobDetail(id, 'completed', { logs: `line of job ${id}\n`.padEnd(logBytes, 'x') }),
        problems: [],
        fetchedAt: '2026-01-02T00:00:00.000Z',
        fromCache: false,
      };
    },
    devices: async () => null,
    app: { name: 'qjob', version: '0.1.0', shell: 'cli' },
    source: { variant: 'B', connection: 'prod', baseUrl: null },
    now: () => new Date('2026-01-02T00:00:00.000Z'),
  };
}

describe('a bundle checked as it is made', () => {
  it('refuses at the job that passes the limit, without fetching the jobs after it', async () => {
    const fetched: number[] = [];
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const refusal = await collectBundle(deps(10 * MB, fetched), ids).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BundleError);
    expect((refusal as BundleError).message).toMatch(
      /^The bundle would be more than 48 MB, the most a bundle may hold: it passes the limit at job 5 \(5 of 12\)/,
    );
    // Four jobs of 10 MB fit; the fifth passes 48 MB: nothing after it was asked for.
    expect(fetched).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes the bytes JSON.stringify would, so a bundle reads as it always did', async () => {
    const fetched: number[] = [];
    const { text, redactions, fileName } = await collectBundle(deps(100, fetched), [4, 9]);
    const bundle = readBundle(text, fileName);
    expect(text).toBe(`${JSON.stringify(bundle, null, 2)}\n`);
    expect(serializeBundle(bundle)).toBe(text);
    expect(redactions).toBe(0);
    expect(bundle.jobs.map((j) => j.record.id)).toEqual([4, 9]);
    expect(fileName).toBe('jobs-4-and-1-more.qjob.json');
  });

  it('keeps the end of a log longer than a bundle holds, says so, and the bundle opens', async () => {
    const { text, fileName } = await collectBundle(deps(40 * MB, []), [7]);
    expect(text.length).toBeLessThan(BUNDLE_MAX_BYTES);
    const job = readBundle(text, fileName).jobs[0]!;
    expect(job.logs).toHaveLength(20 * MB);
    expect(job.logs!.endsWith('xxx')).toBe(true);
    expect(job.problems).toEqual([
      expect.objectContaining({
        field: 'logs',
        code: 'truncated',
        message: expect.stringContaining('only the last 20,971,520 are in it'),
      }),
    ]);
  });

  it('refuses one job that alone is larger than a bundle may be', async () => {
    const { text, fileName } = await collectBundle(deps(100, []), [3]);
    const bundle = readBundle(text, fileName);
    bundle.jobs[0]!.result = { type: 'sampling', sampling_result: 'y'.repeat(50 * MB) };
    expect(() => serializeBundle(bundle)).toThrow(
      /^Job 3 alone would make a bundle of 50 MB; a bundle may be up to 48 MB/,
    );
  });
});
