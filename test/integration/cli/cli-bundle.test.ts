import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QJOB_BIN, REPO_ROOT, spawnCli } from '../../support/cli-runner';

/**
 * The built CLI (out/cli, written by `npm run build`): bin/qjob.js runs it instead of compiling
 * the sources when it is current, and the bundle still finds what it loads at run time (the
 * simulator's engine worker, the web app's files).
 */

const DIALECT = path.join(REPO_ROOT, 'test/fixtures/dialect');
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bin/qjob.js chooses between the bundle and the sources', () => {
  /** A checkout in miniature: the real bin/qjob.js, a bundle and sources that say who they are. */
  function checkout(): { root: string; run: (env?: Record<string, string>) => Promise<string> } {
    const root = tempDir('qjob-bin-');
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    fs.mkdirSync(path.join(root, 'bin'));
    fs.copyFileSync(QJOB_BIN, path.join(root, 'bin', 'qjob.js'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const says = (who: string, ts: boolean) =>
      `export async function main(argv${ts ? ': string[]' : ''}, io${ts ? ': { stdout(s: string): void }' : ''}) { io.stdout('${who} ' + argv.join(' ') + '\\n'); return 0; }\n`;
    write('src/cli/main.ts', says('source', true));
    write('src/core/a.ts', 'export {};\n');
    write('package.json', '{ "type": "module" }\n');
    write('package-lock.json', '{}\n');
    write('out/cli/main.js', says('bundle', false));
    // Sources last changed a minute ago, the bundle built half a minute ago (explicit times: the
    // file system's clock is too coarse to order files written a moment apart).
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    for (const rel of ['src/cli/main.ts', 'src/core/a.ts', 'package-lock.json'])
      fs.utimesSync(path.join(root, rel), at(60), at(60));
    fs.utimesSync(path.join(root, 'out/cli/main.js'), at(30), at(30));
    return {
      root,
      run: async (env = {}) => {
        const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, [path.join(root, 'bin', 'qjob.js'), '--help'], {
            env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
          });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', (code) => resolve({ code, out }));
        });
        expect(r.code, r.out).toBe(0);
        return r.out.trim();
      },
    };
  }

  it('runs the bundle when it is newer than every source', async () => {
    const { run } = checkout();
    expect(await run()).toBe('bundle --help');
  });

  it('runs the sources through tsx once a source file changed after the build', async () => {
    const { root, run } = checkout();
    fs.writeFileSync(path.join(root, 'src/core/a.ts'), 'export const changed = 1;\n');
    expect(await run()).toBe('source --help');
  });

  it('runs the bundle alone where there are no sources (an installed copy)', async () => {
    const { root, run } = checkout();
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    expect(await run()).toBe('bundle --help');
  });

  it('QJOB_CLI_FROM forces one or the other', async () => {
    const { run } = checkout();
    expect(await run({ QJOB_CLI_FROM: 'source' })).toBe('source --help');
  });
});

describe('the bundle in out/cli', () => {
  const bundle = path.join(REPO_ROOT, 'out/cli/main.js');
  const env = (configDir: string) => ({
    QJOB_CLI_FROM: 'bundle',
    QJOB_CONFIG_DIR: configDir,
    QJOB_NO_KEYCHAIN: '1',
  });
  const children: { kill(): boolean }[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  beforeAll(() => {
    if (!fs.existsSync(bundle)) throw new Error('out/cli/main.js is missing: run `npm run build`');
  });

  /** Starts a long-running command from the bundle and resolves its first stdout line. */
  function serve(argv: string[], configDir: string): Promise<string> {
    const child = spawn(process.execPath, [QJOB_BIN, ...argv], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env(configDir) },
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('close', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
    });
  }

  it('qjob simulator runs a job to its end (the engine worker resolves beside the bundle)', async () => {
    const configDir = tempDir('qjob-bundle-');
    const line = await serve(
      ['simulator', '--port', '0', '--speed', '50', '--data', path.join(configDir, 'sim')],
      configDir,
    );
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)$/.exec(line)?.[1];
    expect(url, line).toBeTruthy();
    const conn = ['--base-url', url!, '--variant', 'A'];
    const login = await spawnCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env: env(configDir),
      stdin: 'demo\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const submit = await spawnCli(
      [
        'submit',
        path.join(DIALECT, 'a-digital-bell.yaml'),
        '--device',
        'sim.statevector',
        '--wait',
        ...conn,
      ],
      { env: env(configDir) },
    );
    expect(submit.code, submit.stdout + submit.stderr).toBe(0);
    expect(submit.stdout + submit.stderr).toMatch(/status\s+completed/);
  });

  it('qjob web serves the app from the bundle', async () => {
    const configDir = tempDir('qjob-bundle-web-');
    const line = await serve(['web', '--port', '0', '--no-open', '--data', configDir], configDir);
    const url = /^Quantum Job Studio: (http:\/\/127\.0\.0\.1:\d+\/)#token=[0-9a-f]+$/.exec(
      line,
    )?.[1];
    expect(url, line).toBeTruthy();
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
