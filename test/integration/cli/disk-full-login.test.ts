import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { runCli } from '../../support/cli-runner';
import { mountTmpfs } from '../../support/tmpfs';

/**
 * `qjob login --no-keychain` on a disk with little or no room left (a real tmpfs; mounting needs
 * root, elsewhere this is skipped: test/unit/core/auth/session.test.ts and secret-stores.test.ts
 * check the same all-or-nothing rule with stores that fail). With one page free, a login written
 * in two steps (token, then who logged in) kept the token and lost the pointer: "could not be
 * kept", a token left in the file, and `whoami` saying logged out. Whatever the room, the outcome
 * must be one of two: logged in and saying so, or nothing kept and saying that.
 */
const tmpfs = mountTmpfs(16);
let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ variant: 'B' });
});
afterAll(async () => {
  await sim?.stop();
  tmpfs?.unmount();
});

describe.runIf(tmpfs !== null)('a login on a full disk', () => {
  it.each([0, 1, 2])(
    'with %i pages free: all of it is kept, or none of it and it says so',
    async (free) => {
      const disk = tmpfs!;
      const configDir = join(disk.dir, `config-${free}`);
      const filler = disk.fill(free);
      try {
        const env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1' };
        const conn = ['--base-url', sim.url, '--variant', 'B'];
        const login = await runCli([...conn, 'login', '--user', 'demo', '--api-key-stdin'], {
          env,
          stdin: 'demo\n',
        });
        const file = join(configDir, 'credentials.json');
        const stored = existsSync(file) ? readFileSync(file, 'utf8') : '';
        const whoami = await runCli([...conn, 'whoami'], { env });
        if (login.code === 0) {
          expect(stored).toContain('accessToken');
          expect(whoami).toMatchObject({ code: 0, stdout: expect.stringContaining('demo') });
        } else {
          expect(login.stderr).toContain('nothing of it could be kept and you are not logged in');
          expect(login.stderr).toContain('no space left on device');
          expect(stored).not.toContain('accessToken');
          expect(whoami.code).toBe(3);
        }
        if (free === 0) expect(login.code).not.toBe(0); // a full disk cannot take a login
      } finally {
        rmSync(filler);
        rmSync(configDir, { recursive: true, force: true });
      }
    },
  );
});
