import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../../../../src/simulator/store/data-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qjs-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lets one simulator hold a folder at a time', async () => {
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'simulator.lock'), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over a lock whose process is gone, and refuses one whose process lives', async () => {
    await writeFile(join(dir, 'simulator.lock'), '2147483646\n');
    const release = await lockDataDir(dir);
    await release();
    await writeFile(join(dir, 'simulator.lock'), `${process.ppid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another simulator/);
  });
});
