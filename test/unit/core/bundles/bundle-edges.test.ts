import { describe, expect, it } from 'vitest';
import type { BundleInput } from '../../../../src/core/bundles';
import { buildBundle, openBundle, serializeBundle } from '../../../../src/core/bundles';
import { BUNDLE_MAX_BYTES, BundleError, readBundle } from '../../../../src/shared/bundles';
import type { JobDetail } from '../../../../src/shared/variants';

/**
 * A bundle at its edges: an error text kept from its start, a payload too long to hold left out
 * and said so, the reader's refusals whole (not an object, an unknown version, several damages),
 * and a payload that no longer reads named among the job's problems when opened. Written from
 * the mutation run's survivors.
 */

const MB = 1024 * 1024;
const BELL = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
        - !M {qubits: [0, 1]}
`;

function input(detail: Partial<JobDetail> = {}, payloadText = BELL): BundleInput {
  return {
    createdAt: '2026-01-02T00:00:00.000Z',
    app: { name: 'Quantum Job Studio', version: '0.1.0', shell: 'web' },
    source: { variant: 'B', connection: 'sim', baseUrl: 'http://127.0.0.1:1/api/v1' },
    devices: null,
    jobs: [
      {
        detail: {
          id: 5,
          name: 'bell',
          description: '',
          device_id: 1,
          status: 'completed',
          created_at: '2026-01-01T10:00:00.000Z',
          updated_at: null,
          completed_at: '2026-01-01T10:00:05.000Z',
          payload: null,
          result: null,
          logs: null,
          error: null,
          error_logs: null,
          ...detail,
        } as JobDetail,
        problems: [],
        fetchedAt: '2026-01-02T00:00:00.000Z',
        fromCache: false,
        timeline: [],
        submission: {
          jobId: 5,
          payloadText,
          deviceCode: 'sim.statevector',
          device: null,
          deviceSeenAt: null,
          origin: null,
          submittedAt: '2026-01-01T10:00:00.000Z',
        },
        annotations: {
          jobId: 5,
          tags: [],
          note: '',
          noteUpdatedAt: null,
          origin: null,
          reruns: [],
          payloadKept: true,
        },
      },
    ],
  };
}

describe('what a bundle holds of a long job', () => {
  it('keeps the start of an error text longer than it holds, and says so', () => {
    const error = `first line of the failure\n${'e'.repeat(2 * MB)}`;
    const job = buildBundle(input({ error })).jobs[0]!;
    expect(job.error).toHaveLength(MB);
    expect(job.error!.startsWith('first line of the failure')).toBe(true);
    expect(job.problems).toEqual([
      {
        field: 'error',
        code: 'truncated',
        message: `The error text are ${error.length.toLocaleString('en')} characters, more than a bundle holds: only the first ${MB.toLocaleString('en')} are in it.`,
        raw: null,
      },
    ]);
  });

  it('leaves out a payload document longer than it holds, says so, and the bundle opens', () => {
    const long = `${BELL}# ${'p'.repeat(20 * MB)}\n`;
    const bundle = buildBundle(input({}, long));
    const job = bundle.jobs[0]!;
    expect(job.payload).toBeNull();
    expect(job.problems).toEqual([
      expect.objectContaining({
        field: 'payload',
        code: 'truncated',
        message: `The payload document is ${long.length.toLocaleString('en')} characters, more than a bundle holds (${(20 * MB).toLocaleString('en')}): it is not in the bundle.`,
      }),
    ]);
    expect(openBundle(serializeBundle(bundle), 'p.qjob.json').jobs[0]!.payload).toBeNull();
  });

  it('keeps a job that fits as it is, with no problem added', () => {
    const job = buildBundle(input({ error: 'short', logs: 'a log' })).jobs[0]!;
    expect(job.problems).toEqual([]);
    expect([job.error, job.logs, job.payload?.text]).toEqual(['short', 'a log', BELL]);
  });
});

const refusal = (text: string, fileName = 'f.qjob.json') => {
  try {
    readBundle(text, fileName);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return { message: (error as BundleError).message, where: (error as BundleError).where };
  }
  throw new Error('not refused');
};

describe('the reader’s refusals, whole', () => {
  const good = () => JSON.parse(serializeBundle(buildBundle(input()))) as Record<string, unknown>;

  it('JSON that is not an object, or an object of another format', () => {
    for (const text of ['"a string"', '42', 'null', '[]']) {
      expect(refusal(text)).toEqual({
        message:
          'f.qjob.json is not a job bundle: it has no "format": "quantum-job-studio/job-bundle".',
        where: 'format',
      });
    }
  });

  it('a version that is older, not a number, or newer', () => {
    expect(refusal(JSON.stringify({ ...good(), version: 0 }))).toEqual({
      message: 'f.qjob.json has an unknown bundle version (0); this app reads version 1.',
      where: 'version',
    });
    expect(refusal(JSON.stringify({ ...good(), version: '2' })).message).toBe(
      'f.qjob.json has an unknown bundle version ("2"); this app reads version 1.',
    );
    expect(refusal(JSON.stringify({ ...good(), version: 3 })).message).toBe(
      'f.qjob.json is a version 3 bundle, written by a newer version of the app; this one reads version 1.',
    );
  });

  it('counts the damages beyond the first, and names the top level', () => {
    const damaged = { ...good(), createdAt: 7, app: 'x' };
    expect(refusal(JSON.stringify(damaged)).message).toMatch(
      /^f\.qjob\.json is damaged at (createdAt|app): .+ \(and 1 more\)\.$/,
    );
    const one = { ...good(), createdAt: 7 };
    expect(refusal(JSON.stringify(one)).message).toMatch(
      /^f\.qjob\.json is damaged at createdAt: [^(]+\.$/,
    );
    expect(refusal(JSON.stringify({ ...good(), extra: 1 }))).toMatchObject({
      where: '(top level)',
    });
    expect(refusal('[1,', '').message).toMatch(/^the bundle is not a job bundle: it is not JSON/);
  });

  it('takes a bundle of exactly the largest size', () => {
    const text = serializeBundle(buildBundle(input()));
    const padded =
      text.replace(/\n$/, '') + ' '.repeat(BUNDLE_MAX_BYTES - Buffer.byteLength(text) + 1);
    expect(Buffer.byteLength(padded)).toBe(BUNDLE_MAX_BYTES);
    expect(readBundle(padded, 'max.qjob.json').jobs).toHaveLength(1);
  });
});

describe('opening a bundle', () => {
  it('names a payload that no longer reads among the job’s problems, and keeps the others', () => {
    const built = buildBundle(input());
    built.jobs[0]!.payload = { text: 'type: [unclosed\n', source: 'submitted', redacted: false };
    built.jobs[0]!.problems = [{ field: 'logs', code: 'truncated', message: 'cut', raw: null }];
    const view = openBundle(serializeBundle(built), 'bad.qjob.json').jobs[0]!.view;
    expect(view.problems.map((p) => [p.field, p.code])).toEqual([
      ['logs', 'truncated'],
      ['payload', 'invalid'],
    ]);
    expect(view.problems[1]!.raw).toBe('type: [unclosed\n');
    expect(view.detail.payload).toBeNull();
    expect(view.fromCache).toBe(true);
    expect(view.offline).toBe(
      'From the bundle bad.qjob.json, made 2026-01-02T00:00:00.000Z by Quantum Job Studio 0.1.0: read-only, nothing is asked of the service.',
    );
  });

  it('reads a good payload into the view and adds no problem', () => {
    const view = openBundle(serializeBundle(buildBundle(input())), 'ok.qjob.json').jobs[0]!.view;
    expect(view.problems).toEqual([]);
    expect(view.detail.payload).toMatchObject({ type: 'sampling' });
  });
});
