import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSimulatorArgs } from '../../../src/cli/commands/simulator';
import { defaultConfigDir } from '../../../src/core/profiles/config-dir';

describe('the data folder the app, qjob and the standalone simulator share', () => {
  it('is spelled one way on every platform', () => {
    for (const [platform, home] of [
      ['linux', '/home/a'],
      ['darwin', '/Users/a'],
      ['win32', '/Users/a'],
    ] as const) {
      const dir = defaultConfigDir({ APPDATA: '/Users/a/AppData/Roaming' }, platform, home);
      expect(path.basename(dir), platform).toBe('quantum-job-studio');
    }
  });

  it('holds the standalone simulator’s jobs unless --data says otherwise', () => {
    const env = { QJOB_CONFIG_DIR: '/srv/qjs' };
    expect(parseSimulatorArgs([], env)).toEqual({
      dataDir: path.join('/srv/qjs', 'simulator', 'standalone'),
    });
    expect(parseSimulatorArgs(['--data', '/tmp/x'], env)).toEqual({ dataDir: '/tmp/x' });
  });
});
