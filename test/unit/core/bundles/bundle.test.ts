import { describe, expect, it } from 'vitest';
import type { BundleInput } from '../../../../src/core/bundles';
import {
  buildBundle,
  openBundle,
  publicAddress,
  serializeBundle,
} from '../../../../src/core/bundles';
import { BUNDLE_MAX_BYTES, BundleError, readBundle } from '../../../../src/shared/bundles';
import type { JobDetail } from '../../../../src/shared/variants';

const TEXT = '# my bell\nsampling_payload: !Sampling\n  shots:   100   # odd spacing kept\n';

function input(overrides: Partial<JobDetail> = {}, note = ''): BundleInput {
  const detail = {
    id: 12,
    name: 'bell',
    description: '',
    device_id: 3,
    status: 'error',
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: null,
    completed_at: '2026-01-01T10:00:05.000Z',
    payload: null,
    result: null,
    logs: 'step 1\nAuthorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl\nstep 2',
    error: 'failed with api_key=sk-live-123456 in the request',
    error_logs: 'access_token: qjs1.abcdefgh.ijklmnop',
    ...overrides,
  } as JobDetail;
  return {
    createdAt: '2026-01-02T00:00:00.000Z',
    app: { name: 'Quantum Job Studio', version: '0.1.0', shell: 'web' },
    source: {
      variant: 'B',
      connection: 'prod',
      baseUrl: 'https://alice:hunter2@q.example/api/v1?key=zz#x',
    },
    devices: null,
    jobs: [
      {
        detail,
        problems: [],
        fetchedAt: '2026-01-02T00:00:00.000Z',
        fromCache: false,
        timeline: [{ status: 'error', at: '2026-01-01T10:00:05.000Z', source: 'watch' }],
        submission: {
          jobId: 12,
          payloadText: TEXT,
          deviceCode: 'sim-1',
          device: null,
          deviceSeenAt: null,
          origin: null,
          submittedAt: '2026-01-01T10:00:00.000Z',
        },
        annotations: {
          jobId: 12,
          tags: ['calib'],
          note,
          noteUpdatedAt: null,
          origin: null,
          reruns: [],
          payloadKept: true,
        },
      },
    ],
  };
}

describe('job bundles', () => {
  it('removes every secret from logs, errors, notes and the service address', () => {
    const text = serializeBundle(
      buildBundle(input({}, 'password: pa55word, see Basic dXNlcjpwYXNz')),
    );
    for (const secret of [
      'eyJhbGciOiJIUzI1NiJ9',
      'sk-live-123456',
      'qjs1.abcdefgh',
      'pa55word',
      'dXNlcjpwYXNz',
      'hunter2',
      'alice',
      'key=zz',
    ])
      expect(text).not.toContain(secret);
    const bundle = JSON.parse(text);
    expect(bundle.source.service).toBe('https://q.example/api/v1');
    expect(bundle.redactions).toBe(4);
    expect(bundle.jobs[0].logs).toContain('step 2');
  });

  it('removes secrets from the decode problems (message and raw text) and the record’s extra fields', () => {
    const withExtras = input({
      // Fields the service sent that the model does not name: kept, and redacted like the rest.
      owner: 'alice, Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJvd25lciI6MX0.c2lnbmF0dXJl',
      access: { api_key: 'sk-live-extra-777', region: 'eu' },
    } as Partial<JobDetail>);
    withExtras.jobs[0]!.problems = [
      {
        field: 'result',
        code: 'wire.base64',
        message: 'the result is not base64 near refresh_token=rt-secret-991',
        raw: '{"access_token": "at-secret-555", "counts": {"00": 1}}',
      },
    ];
    const text = serializeBundle(buildBundle(withExtras));
    for (const secret of ['sk-live-extra-777', 'eyJvd25lciI6MX0', 'rt-secret-991', 'at-secret-555'])
      expect(text).not.toContain(secret);
    const job = JSON.parse(text).jobs[0];
    // What is not secret stays, in its place.
    expect(job.record.access.region).toBe('eu');
    expect(job.record.owner).toMatch(/^alice, Authorization: \[redacted\]/);
    expect(job.problems[0]).toMatchObject({ field: 'result', code: 'wire.base64' });
    expect(job.problems[0].raw).toContain('"counts"');
  });

  it('keeps the payload bytes exactly through write and read', () => {
    const text = serializeBundle(buildBundle(input()));
    const back = readBundle(text, 'b.qjob.json');
    expect(back.jobs[0]!.payload).toEqual({ text: TEXT, source: 'submitted', redacted: false });
  });

  it('redacts a payload holding a secret, and says so', () => {
    const withKey = input();
    withKey.jobs[0]!.submission!.payloadText = `${TEXT}# token: abcdefgh12345\n`;
    const job = buildBundle(withKey).jobs[0]!;
    expect(job.payload!.redacted).toBe(true);
    expect(job.payload!.text).not.toContain('abcdefgh12345');
  });

  it('says where the device record comes from when it was not kept at submission', () => {
    const later = input();
    later.devices = {
      fetchedAt: '2026-01-02T00:00:00.000Z',
      devices: [
        {
          code: 'sim-1',
          id: 3,
          nqubits: 2,
          name: 'S',
          description: '',
          type: 'simulator',
          status: 'maintenance',
        },
      ],
    };
    expect(buildBundle(later).jobs[0]!.device).toMatchObject({ seen: 'export', code: 'sim-1' });
    expect(buildBundle(input()).jobs[0]!.device).toMatchObject({ seen: 'unknown', record: null });
  });

  it('refuses what is not a bundle, with where', () => {
    const good = JSON.parse(serializeBundle(buildBundle(input())));
    const attempt = (value: unknown) => {
      try {
        readBundle(typeof value === 'string' ? value : JSON.stringify(value), 'f.qjob.json');
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(BundleError);
        return (error as BundleError).message;
      }
    };
    expect(attempt('[1,')).toMatch(/^f\.qjob\.json is not a job bundle: it is not JSON/);
    expect(attempt({ ...good, format: 'zip' })).toContain('has no "format"');
    expect(attempt({ ...good, version: 2 })).toContain(
      'version 2 bundle, written by a newer version',
    );
    expect(attempt({ ...good, jobs: [] })).toContain('is damaged at jobs');
    good.jobs[0].timeline[0].status = 'exploded';
    expect(attempt(good)).toContain('is damaged at jobs.0.timeline.0.status');
    expect(attempt(' '.repeat(BUNDLE_MAX_BYTES + 1))).toContain('a bundle may be up to 48 MB');
  });

  it('opens a bundle whose result is not a result of its variant with where', () => {
    const bundle = buildBundle(input({ result: { type: 'no-such-type' } as never }));
    expect(() => openBundle(serializeBundle(bundle), 'r.qjob.json')).toThrow(
      /damaged at jobs\.0\.result/,
    );
  });

  it('keeps only the host of an address that cannot be parsed as a URL, redacted', () => {
    expect(publicAddress('not a url token=abc')).not.toContain('abc');
  });
});
