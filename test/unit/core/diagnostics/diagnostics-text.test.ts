import { describe, expect, it } from 'vitest';
import type { DiagnosticsInput } from '../../../../src/core/diagnostics';
import { buildDiagnosticsText, lastLines } from '../../../../src/core/diagnostics';

const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLXNlY3JldA';
const OPAQUE = 'Zx81kq0-opaque-token-value';
const API_KEY = 'ak_live_7f3b9c2e5d1a';

function input(): DiagnosticsInput {
  const logLines = Array.from(
    { length: 500 },
    (_, i) => `2026-01-01T10:00:${String(i % 60).padStart(2, '0')}Z INFO step ${i}`,
  );
  logLines.push(`2026-01-01T10:09:00Z DEBUG request headers: Authorization: Bearer ${OPAQUE}`);
  logLines.push(
    `2026-01-01T10:09:01Z DEBUG login body {"api_key": "${API_KEY}", "username": "demo"}`,
  );
  logLines.push(
    `2026-01-01T10:09:02Z DEBUG retry url=https://svc/api/v1/jobs?api_key=${API_KEY}&x=1`,
  );
  logLines.push(`2026-01-01T10:09:03Z DEBUG config api_key: ${API_KEY}`);
  logLines.push(`2026-01-01T10:09:04Z DEBUG token ${BEARER}`);
  return {
    generatedAt: '2026-01-01T11:00:00Z',
    app: { name: 'Quantum Job Studio', version: '0.1.0', shell: 'web' },
    os: { platform: 'Linux (linux)', release: '6.1', arch: 'x64', runtime: 'Node 20.20.2' },
    profile: {
      id: 'prod',
      name: 'Production',
      baseUrl: 'https://user:pw@svc.example/api/v1',
      variant: 'B',
      user: 'alice',
    },
    job: {
      detail: {
        id: 42,
        name: 'bell',
        description: '',
        device_id: 3,
        status: 'error',
        created_at: '2026-01-01T10:00:00Z',
        error: `gate !CNOT: control equals target (token=${OPAQUE})`,
        error_logs: `Traceback...\nAuthorization: Bearer ${BEARER}\napiKey=${API_KEY}`,
        logs: logLines.join('\n') + '\n',
        payload: {
          type: 'sampling',
          sampling_payload: { sampling: '!Sampling {nshots: 10}' },
          meta: { api_key: API_KEY },
        } as never,
      },
      problems: [
        {
          field: 'result',
          code: 'invalid_base64',
          message: 'not base64',
          raw: `%%Bearer ${OPAQUE}`,
        },
      ],
      fromCache: false,
      fetchedAt: '2026-01-01T10:59:00Z',
      offline: null,
    },
    timeline: [
      { status: 'validating', at: '2026-01-01T10:00:01Z', source: 'watch' },
      { status: 'error', at: '2026-01-01T10:00:03Z', source: 'watch' },
    ],
  };
}

describe('diagnostics text', () => {
  it('contains no bearer token, API key or URL password', () => {
    const text = buildDiagnosticsText(input());
    for (const secret of [BEARER, OPAQUE, API_KEY, 'user:pw@']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('carries what support needs: app, OS, profile, status, timeline, error, error logs, last 200 log lines', () => {
    const text = buildDiagnosticsText(input());
    expect(text).toContain('Version: 0.1.0 (web)');
    expect(text).toContain('OS: Linux (linux) 6.1 (x64)');
    expect(text).toContain('Base URL: https://[redacted]@svc.example/api/v1');
    expect(text).toContain('Variant: B');
    expect(text).toContain('User: alice');
    expect(text).toContain('status: error');
    expect(text).toMatch(/2026-01-01T10:00:03Z {2}error {2}\(watch\)/);
    expect(text).toContain('gate !CNOT: control equals target');
    expect(text).toContain('Traceback...');
    expect(text).toContain('Logs (last 200 of 505 lines)');
    expect(text).toContain('INFO step 499');
    expect(text).not.toContain('INFO step 304\n');
    expect(text).toContain('"type": "sampling"');
    expect(text).toContain('result: not base64 [invalid_base64]');
  });
});

describe('lastLines', () => {
  it('takes the tail without splitting everything', () => {
    expect(lastLines('a\nb\nc\n', 2)).toEqual({ lines: ['b', 'c'], total: 3 });
    expect(lastLines('a\nb', 5)).toEqual({ lines: ['a', 'b'], total: 2 });
    expect(lastLines('', 5)).toEqual({ lines: [], total: 0 });
  });
});
