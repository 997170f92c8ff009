import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSimulatorArgs, runSimulatorCommand } from '../../../src/cli/commands/simulator';
import { loginBody } from './helpers';

const LINE = /^listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)\n$/;

describe('qjob simulator', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('prints exactly one line with the base URL, serves, and stops cleanly when told to', async () => {
    const data = await mkdtemp(join(tmpdir(), 'qjs-cli-'));
    dirs.push(data);
    const out: string[] = [];
    const err: string[] = [];
    const stop = new AbortController();
    const exit = runSimulatorCommand(
      ['--variant', 'B', '--speed', '50', '--data', data, '--user', 'ada', '--api-key', 'k3y'],
      {
        stdout: (s) => out.push(s),
        stderr: (s) => err.push(s),
        signal: stop.signal,
      },
    );
    for (let i = 0; i < 200 && out.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(out).toHaveLength(1);
    const url = LINE.exec(out[0] ?? '')?.[1] ?? '';
    expect(url).not.toBe('');
    const json = { 'content-type': 'application/json' };
    const denied = await fetch(`${url}/authorisation-tokens`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(loginBody()),
    });
    expect(denied.status).toBe(401);
    const ok = await fetch(`${url}/authorisation-tokens`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(loginBody('ada', 'k3y')),
    });
    expect(ok.status).toBe(200);
    stop.abort();
    expect(await exit).toBe(0);
    expect(out).toHaveLength(1);
    expect(err).toEqual([]);
    await expect(fetch(`${url}/devices`)).rejects.toThrow();
  });

  it('refuses bad arguments with the usage on stderr and exit code 2', async () => {
    for (const argv of [
      ['--variant', 'C'],
      ['--port', 'x'],
      ['--speed', '0'],
      ['--bogus'],
      ['positional'],
    ]) {
      const out: string[] = [];
      const err: string[] = [];
      expect(
        await runSimulatorCommand(argv, { stdout: (s) => out.push(s), stderr: (s) => err.push(s) }),
      ).toBe(2);
      expect(out).toEqual([]);
      // One line that says what is wrong and where the help is, not the whole help.
      expect(err.join('')).toMatch(/^qjob simulator: .+ \(see qjob simulator --help\)\n$/);
    }
  });

  it('maps every option', () => {
    expect(
      parseSimulatorArgs([
        '--port',
        '8123',
        '--seed',
        '7',
        '--token-ttl',
        '2',
        '--failure-rate',
        '0.25',
        '--run-time-limit',
        '30',
        '--data',
        '/tmp/x',
      ]),
    ).toEqual({
      port: 8123,
      seed: 7,
      tokenTtlSeconds: 2,
      failureRate: 0.25,
      runTimeLimitSeconds: 30,
      dataDir: '/tmp/x',
    });
    expect(parseSimulatorArgs(['--help'])).toBe('help');
  });

  it('stops on SIGTERM as a standalone process', async () => {
    const data = await mkdtemp(join(tmpdir(), 'qjs-cli-'));
    dirs.push(data);
    const script = `
      const { runSimulatorCommand } = await import(${JSON.stringify(new URL('../../../src/cli/commands/simulator.ts', import.meta.url).href)});
      process.exitCode = await runSimulatorCommand(process.argv.slice(1), {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, '--', '--data', data],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    for (let i = 0; i < 600 && !stdout.includes('\n'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(stdout, stderr).toMatch(LINE);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(LINE);
  });
});
