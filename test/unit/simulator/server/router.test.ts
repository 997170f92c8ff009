import { describe, expect, it } from 'vitest';
import { formatLoc, pathToLoc } from '../../../../src/simulator/server/http-error';
import { QueryReader, positiveIdParam } from '../../../../src/simulator/server/query';
import { Router } from '../../../../src/simulator/server/router';
import type { Route } from '../../../../src/simulator/server/router';

const route = (method: 'GET' | 'POST', path: string): Route => ({
  method,
  path,
  auth: 'none',
  handle: () => ({ status: 200, body: path }),
});

describe('Router', () => {
  const router = new Router([
    route('GET', '/jobs'),
    route('GET', '/jobs/:id'),
    route('POST', '/jobs/:id/cancel'),
  ]);

  it('matches exact segments and extracts parameters', () => {
    expect(router.match('GET', '/jobs/42')).toMatchObject({ kind: 'found', params: { id: '42' } });
    expect(router.match('GET', '/jobs/')).toMatchObject({
      kind: 'found',
      route: { path: '/jobs' },
    });
    expect(router.match('POST', '/jobs/7/cancel')).toMatchObject({
      kind: 'found',
      params: { id: '7' },
    });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/jobs/1')).toEqual({ kind: 'wrong_method', allowed: ['GET'] });
    expect(router.match('GET', '/jobs/1/cancel')).toEqual({
      kind: 'wrong_method',
      allowed: ['POST'],
    });
    expect(router.match('GET', '/devices/1')).toEqual({ kind: 'not_found' });
    expect(router.match('GET', '/jobs/%zz')).toEqual({ kind: 'not_found' });
  });
});

describe('query and path parameters', () => {
  it('reads flags, integers and lists, and names every wrong parameter at once', () => {
    const q = new QueryReader(
      new URLSearchParams('result=true&logs=0&status=queued,running&status=error&limit=5'),
    );
    expect(q.flag('result')).toBe(true);
    expect(q.flag('logs')).toBe(false);
    expect(q.flag('payload')).toBe(false);
    expect(q.list('status', ['queued', 'running', 'error'] as const)).toEqual([
      'queued',
      'running',
      'error',
    ]);
    expect(q.integer('limit', 100, 1, 10)).toBe(5);
    expect(() => q.done()).not.toThrow();

    const bad = new QueryReader(new URLSearchParams('result=perhaps&limit=0'));
    bad.flag('result');
    bad.integer('limit', 100, 1, 10);
    expect(() => bad.done()).toThrow(/query\.result.*query\.limit/);
  });

  it('accepts only positive integer ids', () => {
    expect(positiveIdParam('12', 'id')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', undefined]) {
      expect(() => positiveIdParam(bad, 'id')).toThrow(/path\.id/);
    }
  });

  it('turns dotted issue paths into locations and back', () => {
    expect(pathToLoc('payload.items[3]["a.b"].x')).toEqual(['payload', 'items', 3, 'a.b', 'x']);
    expect(formatLoc(['body', 'payload', 'items', 3])).toBe('body.payload.items[3]');
  });
});
