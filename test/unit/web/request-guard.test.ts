import { describe, expect, it } from 'vitest';
import {
  proposedSessionFromProtocols,
  isAllowedHost,
  isAllowedOrigin,
  tokenFromProtocols,
  tokensEqual,
} from '../../../src/web/request-guard';

describe('browser mode’s request checks', () => {
  it('accept only the loopback Host with our port (DNS rebinding sends its own name)', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('localhost:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    for (const host of [
      '127.0.0.1:4001',
      'evil.example:4000',
      '127.0.0.1',
      '0.0.0.0:4000',
      '[::1]:4000',
      undefined,
    ]) {
      expect(isAllowedHost(host, 4000), String(host)).toBe(false);
    }
  });

  it('accept a browser’s Origin only when it is our own page', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true);
    expect(isAllowedOrigin(undefined, 4000)).toBe(true); // not a browser: the token decides
    for (const origin of [
      'https://127.0.0.1:4000',
      'http://evil.example',
      'http://127.0.0.1:4001',
      'null',
    ]) {
      expect(isAllowedOrigin(origin, 4000), origin).toBe(false);
    }
  });

  it('read the token from the WebSocket subprotocols and compare it exactly', () => {
    expect(tokenFromProtocols('qjob.v1, qjob.token.abc')).toBe('abc');
    expect(tokenFromProtocols('qjob.v1')).toBeNull();
    expect(tokenFromProtocols(undefined)).toBeNull();
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
    expect(tokensEqual(null, 'abc')).toBe(false);
  });

  it('read a proposed session only when it is one a server would make (64 lowercase hex digits)', () => {
    const good = '0123456789abcdef'.repeat(4);
    expect(proposedSessionFromProtocols(`qjob.v1, qjob.session.${good}`)).toBe(good);
    expect(proposedSessionFromProtocols(`qjob.session.${good}, qjob.token.abc`)).toBe(good);
    expect(proposedSessionFromProtocols(undefined)).toBeNull();
    expect(proposedSessionFromProtocols('qjob.v1, qjob.token.abc')).toBeNull();
    // Weak or malformed proposals are refused, not registered.
    expect(proposedSessionFromProtocols('qjob.session.abc')).toBeNull();
    expect(proposedSessionFromProtocols(`qjob.session.${good.slice(1)}`)).toBeNull();
    expect(proposedSessionFromProtocols(`qjob.session.${good}0`)).toBeNull();
    expect(proposedSessionFromProtocols(`qjob.session.x${good}`)).toBeNull();
    expect(proposedSessionFromProtocols(`qjob.session.${good.toUpperCase()}`)).toBeNull();
    expect(proposedSessionFromProtocols(`qjob.session.${'g'.repeat(64)}`)).toBeNull();
  });
});
