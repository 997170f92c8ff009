import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('a circuit shared with lane threads', () => {
  it('finishes in a process nothing else keeps alive (waiting at a barrier alone would not)', () => {
    const script = fileURLToPath(new URL('./support/shared-circuit-script.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toContain('Error');
    expect(run.stdout).toBe('norm 1.000000000\n');
    expect(run.status).toBe(0);
  });
});
