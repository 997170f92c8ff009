import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../../src/core/logging/file-logger';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-log-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('createFileLogger', () => {
  it('writes JSON lines with secrets redacted', () => {
    const logger = createFileLogger({ dir });
    logger.info('login sent Authorization: Bearer SECRET1', {
      accessToken: 'SECRET2',
      user: 'alice',
    });
    const text = fs.readFileSync(logger.file, 'utf8');
    expect(text).not.toMatch(/SECRET1|SECRET2/);
    const record = JSON.parse(text.trim()) as { level: string; fields: { user: string } };
    expect(record.level).toBe('info');
    expect(record.fields.user).toBe('alice');
  });

  it('rotates by size and keeps at most maxFiles files', () => {
    const logger = createFileLogger({ dir, maxBytes: 2048, maxFiles: 3 });
    for (let i = 0; i < 200; i++) logger.info(`line ${i} ${'x'.repeat(40)}`);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['qjob.log', 'qjob.log.1', 'qjob.log.2']);
    for (const f of files) expect(fs.statSync(path.join(dir, f)).size).toBeLessThanOrEqual(2048);
    // The newest line is in the current file, older ones in .1.
    expect(fs.readFileSync(path.join(dir, 'qjob.log'), 'utf8')).toContain('line 199 ');
    const current = fs.readFileSync(path.join(dir, 'qjob.log'), 'utf8');
    const previous = fs.readFileSync(path.join(dir, 'qjob.log.1'), 'utf8');
    const firstCurrent = Number(/line (\d+)/.exec(current)?.[1]);
    const lastPrevious = Number([...previous.matchAll(/line (\d+)/g)].pop()?.[1]);
    expect(lastPrevious).toBe(firstCurrent - 1);
  });

  it('filters below its level', () => {
    const logger = createFileLogger({ dir, level: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    const text = fs.readFileSync(logger.file, 'utf8');
    expect(text).toContain('loud');
    expect(text).not.toContain('quiet');
  });
});
