import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, tightenTree } from '../../../../src/node-kit/fs/private-files';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('owner-only files', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'qjob-private-'));
    umask = process.umask(0); // the modes must not depend on the umask
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('tightens a tree an earlier version wrote with the defaults, without following links', () => {
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    const tree = path.join(root, 'cache');
    mkdirSync(path.join(tree, 'deeper'), { recursive: true, mode: 0o755 });
    chmodSync(tree, 0o755);
    writeFileSync(path.join(tree, 'jobs.sqlite'), '', { mode: 0o644 });
    writeFileSync(path.join(tree, 'deeper', 'run.sh'), '', { mode: 0o755 });
    symlinkSync(outside, path.join(tree, 'link'));
    return tightenTree(tree).then((problems) => {
      expect(problems).toEqual([]);
      expect(mode(tree)).toBe(0o700);
      expect(mode(path.join(tree, 'deeper'))).toBe(0o700);
      expect(mode(path.join(tree, 'jobs.sqlite'))).toBe(0o600);
      expect(mode(path.join(tree, 'deeper', 'run.sh'))).toBe(0o700);
      expect(mode(outside)).toBe(0o644);
    });
  });

  it('is content with a missing path, and can stop at the folder itself', async () => {
    expect(await tightenTree(path.join(root, 'missing'))).toEqual([]);
    const folder = path.join(root, 'folder');
    mkdirSync(folder, { mode: 0o755 });
    writeFileSync(path.join(folder, 'other.txt'), '', { mode: 0o644 });
    await tightenTree(folder, { recursive: false });
    expect(mode(folder)).toBe(0o700);
    expect(mode(path.join(folder, 'other.txt'))).toBe(0o644);
  });

  it('creates folders owner-only and puts right the ones between a parent and them', async () => {
    const top = path.join(root, 'config');
    mkdirSync(path.join(top, 'simulator'), { recursive: true, mode: 0o755 });
    chmodSync(top, 0o755);
    const leaf = path.join(top, 'simulator', 'standalone', 'variant-A');
    await ensurePrivateDir(leaf, top);
    for (const dir of [
      top,
      path.join(top, 'simulator'),
      path.join(top, 'simulator', 'standalone'),
      leaf,
    ])
      expect(mode(dir), dir).toBe(0o700);
    expect(mode(root)).toBe(0o700); // mkdtemp's, left alone
  });
});
