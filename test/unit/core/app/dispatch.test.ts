import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/core/errors/app-error';
import { dispatchCall, type HandlerTable } from '../../../../src/core/app/dispatch';
import { ServiceError } from '../../../../src/core/client/errors';
import { CALL_NAMES } from '../../../../src/shared/ipc/contract';

/** A table whose handlers all fail loudly, with the ones a test needs replaced. */
function table(overrides: Partial<HandlerTable>): HandlerTable {
  const all = Object.fromEntries(
    CALL_NAMES.map((n) => [n, () => Promise.reject(new Error(`unexpected call ${n}`))]),
  ) as unknown as HandlerTable;
  return { ...all, ...overrides };
}

describe('the dispatcher every transport uses', () => {
  it('refuses a call outside the contract', async () => {
    const outcome = await dispatchCall(table({}), 'fs.readFile', {});
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'unknown-call', message: "Unknown call 'fs.readFile'." },
    });
  });

  it('rejects invalid input with field paths before the handler runs', async () => {
    let ran = false;
    const handlers = table({
      'jobs.submit': async () => {
        ran = true;
        return { jobId: 1, executeType: 'sampling', message: null };
      },
    });
    const outcome = await dispatchCall(handlers, 'jobs.submit', {
      text: 5,
      deviceCode: '',
      extra: true,
    });
    expect(ran).toBe(false);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('invalid-input');
    const paths = outcome.error.issues?.map((i) => i.path).sort();
    expect(paths).toEqual(['', 'deviceCode', 'text']);
    expect(outcome.error.message).toContain('deviceCode');
  });

  it('checks the parts a job lookup asks for: known names, and not together with full', async () => {
    const handlers = table({ 'jobs.get': async () => ({ ok: 1 }) as never });
    expect((await dispatchCall(handlers, 'jobs.get', { id: 1, fields: ['logs'] })).ok).toBe(true);
    for (const input of [
      { id: 1, fields: ['secrets'] },
      { id: 1, fields: [] },
      { id: 1, full: true, fields: ['logs'] },
    ]) {
      const outcome = await dispatchCall(handlers, 'jobs.get', input);
      expect(outcome, JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
    }
  });

  it('treats a missing input of an argument-less call as {}', async () => {
    const handlers = table({ 'session.get': async () => ({ ok: 1 }) as never });
    await expect(dispatchCall(handlers, 'session.get', undefined)).resolves.toEqual({
      ok: true,
      value: { ok: 1 },
    });
  });

  it('passes the parsed input to the handler', async () => {
    const seen: unknown[] = [];
    const handlers = table({
      'jobs.get': async (input) => {
        seen.push(input);
        return { detail: {}, problems: [], fetchedAt: 'x', fromCache: false } as never;
      },
    });
    await dispatchCall(handlers, 'jobs.get', { id: 7, full: true });
    expect(seen).toEqual([{ id: 7, full: true }]);
  });

  it('keeps an AppError’s code, message and issues', async () => {
    const handlers = table({
      'devices.list': async () => {
        throw new AppError('not-logged-in', 'Log in first.', {
          issues: [{ path: 'x', message: 'y' }],
        });
      },
    });
    const outcome = await dispatchCall(handlers, 'devices.list', {});
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'not-logged-in',
        message: 'Log in first.',
        issues: [{ path: 'x', message: 'y' }],
      },
    });
  });

  it('maps service errors to service.<code> and never lets a secret or a stack through', async () => {
    const handlers = table({
      'session.login': async () => {
        throw new ServiceError({
          code: 'auth',
          operation: 'logging in',
          status: 401,
          serviceMessage: 'bad assertion for Bearer abc.def.ghi',
        });
      },
      'session.logout': async () => {
        throw new Error(
          'boom with Authorization: Bearer s3cr3t-token-value and "refreshToken": "r3fr3sh"',
        );
      },
    });
    const login = await dispatchCall(handlers, 'session.login', { user: 'u', apiKey: 'k' });
    expect(login.ok).toBe(false);
    if (!login.ok) {
      expect(login.error.code).toBe('service.auth');
      expect(login.error.message).toContain('HTTP 401');
      expect(login.error.message).not.toContain('abc.def.ghi');
    }
    const logout = await dispatchCall(handlers, 'session.logout', {});
    expect(logout.ok).toBe(false);
    if (!logout.ok) {
      expect(logout.error.code).toBe('internal');
      const text = JSON.stringify(logout.error);
      expect(text).not.toContain('s3cr3t-token-value');
      expect(text).not.toContain('r3fr3sh');
      expect(text).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('with checkOutput, refuses an answer that carries fields outside the contract', async () => {
    const handlers = table({
      'session.get': async () =>
        ({
          profileId: 'simulator-a',
          state: 'active',
          user: 'demo',
          expiresAt: null,
          secretStore: { kind: 'memory', secure: false },
          message: null,
          accessToken: 'leaked',
        }) as never,
    });
    const outcome = await dispatchCall(handlers, 'session.get', {}, { checkOutput: true });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).not.toContain('leaked');
  });
});
