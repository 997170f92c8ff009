import { describe, expect, it } from 'vitest';
import {
  abandonable,
  endedMessage,
  isDefinitiveRejection,
  messageOf,
  parseStored,
} from '../../../../src/core/auth/refresh-rules';
import { ServiceError } from '../../../../src/core/client/errors';
import type { ServiceErrorInit } from '../../../../src/core/client/errors';

const failure = (init: Partial<ServiceErrorInit>) =>
  new ServiceError({ code: 'http', operation: 'renewing the login', ...init });

describe('endedMessage', () => {
  it('names the status, the service message and its code', () => {
    expect(
      endedMessage(
        failure({
          status: 400,
          serviceMessage: 'refresh token revoked',
          serviceCode: 'invalid_grant',
        }),
      ),
    ).toBe(
      'The session has ended: the service refused to renew the login (HTTP 400: refresh token revoked (invalid_grant)). Log in again.',
    );
    expect(endedMessage(failure({ status: 401, serviceMessage: 'expired' }))).toBe(
      'The session has ended: the service refused to renew the login (HTTP 401: expired). Log in again.',
    );
    expect(endedMessage(failure({ status: 403 }))).toBe(
      'The session has ended: the service refused to renew the login (HTTP 403). Log in again.',
    );
  });

  it('falls back to the error message without a status', () => {
    expect(endedMessage(failure({ code: 'auth', status: null, message: 'no token' }))).toBe(
      'The session has ended: the service refused to renew the login (no token). Log in again.',
    );
  });
});

describe('isDefinitiveRejection', () => {
  it.each([
    [{ code: 'auth' as const, status: null }, true],
    [{ status: 400 }, true],
    [{ status: 401 }, true],
    [{ status: 404 }, true],
    [{ status: 499 }, true],
    [{ status: 399 }, false],
    [{ status: 408 }, false],
    [{ status: 429 }, false],
    [{ status: 500 }, false],
    [{ status: 503 }, false],
    [{ status: null }, false],
    [{ code: 'network' as const, status: null }, false],
    [{ code: 'timeout' as const, status: null }, false],
    [{ code: 'decode' as const, status: 400 }, false],
  ])('%o → %s', (init, expected) => {
    expect(isDefinitiveRejection(failure(init))).toBe(expected);
  });

  it('is false for anything that is not a service error', () => {
    expect(isDefinitiveRejection(new Error('HTTP 401'))).toBe(false);
    expect(isDefinitiveRejection({ code: 'auth', status: 401 })).toBe(false);
  });
});

describe('parseStored', () => {
  const entry = {
    version: 1,
    user: 'alice',
    profile: 'p',
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: 10,
    issuedAt: '5',
    savedAt: 6,
  };
  it('reads a valid entry and refuses anything else', () => {
    expect(parseStored(JSON.stringify(entry))).toEqual(entry);
    expect(parseStored(JSON.stringify({ ...entry, version: 2 }))).toBeNull();
    expect(parseStored('{not json')).toBeNull();
  });
});

describe('messageOf', () => {
  it('takes the message of an Error and the text of anything else', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf(42)).toBe('42');
  });
});

describe('abandonable', () => {
  it('is the promise itself without a signal', () => {
    const promise = Promise.resolve(1);
    expect(abandonable(promise)).toBe(promise);
  });

  it('rejects at once, as an aborted renewal, when the signal already fired', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    const error = (await abandonable(new Promise(() => undefined), controller.signal).catch(
      (e: unknown) => e,
    )) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect([error.code, error.operation, error.cause]).toEqual([
      'aborted',
      'renewing the login',
      'stop',
    ]);
  });

  it('lets one waiter give up while the shared promise goes on for the others', async () => {
    let resolve!: (v: number) => void;
    const shared = new Promise<number>((r) => (resolve = r));
    const controller = new AbortController();
    const mine = abandonable(shared, controller.signal).catch((e: unknown) => e);
    controller.abort('gone');
    const error = (await mine) as ServiceError;
    expect([error.code, error.operation, error.cause]).toEqual([
      'aborted',
      'renewing the login',
      'gone',
    ]);
    resolve(7);
    expect(await shared).toBe(7);
  });

  it('passes the value or the error on, and stops listening to the signal', async () => {
    const controller = new AbortController();
    const listening = () => {
      let calls = 0;
      const add = controller.signal.addEventListener.bind(controller.signal);
      const remove = controller.signal.removeEventListener.bind(controller.signal);
      controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
        if (args[0] === 'abort') calls++;
        expect(args[2]).toEqual({ once: true });
        add(...args);
      }) as typeof add;
      controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
        if (args[0] === 'abort') calls--;
        remove(...args);
      }) as typeof remove;
      return () => calls;
    };
    const open = listening();
    expect(await abandonable(Promise.resolve('v'), controller.signal)).toBe('v');
    expect(open()).toBe(0);
    const error = new Error('refresh failed');
    await expect(abandonable(Promise.reject(error), controller.signal)).rejects.toBe(error);
    expect(open()).toBe(0);
    // Aborting afterwards changes nothing for settled waiters.
    controller.abort();
  });
});
