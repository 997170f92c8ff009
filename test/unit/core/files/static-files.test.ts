import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStaticFile, resolveStaticPath } from '../../../../src/core/files/static-files';

const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-static-'));
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(path.join(root, '.env'), 'SECRET=1');
const outside = mkdtempSync(path.join(os.tmpdir(), 'qjob-outside-'));
writeFileSync(path.join(outside, 'secret.txt'), 'secret');
symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('serving the renderer bundle', () => {
  it('serves index.html for / and files with their content type', async () => {
    expect((await readStaticFile(root, '/'))?.contentType).toBe('text/html; charset=utf-8');
    const js = await readStaticFile(root, '/assets/app.js?v=1');
    expect(js?.contentType).toBe('text/javascript; charset=utf-8');
    expect(js?.cacheable).toBe(true);
    expect((await readStaticFile(root, '/index.html'))?.cacheable).toBe(false);
  });

  it('refuses traversal, dot files, folders, symlinks out of the bundle and missing files', async () => {
    for (const p of [
      '/../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5cx',
      '/.env',
      '/%00',
      '/%zz',
    ]) {
      expect(resolveStaticPath(root, p), p).toBeNull();
    }
    expect(await readStaticFile(root, '/assets')).toBeNull();
    expect(await readStaticFile(root, '/assets/link.txt')).toBeNull();
    expect(await readStaticFile(root, '/missing.js')).toBeNull();
  });
});
