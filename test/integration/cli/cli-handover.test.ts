import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobCacheFile, openJobCache, profileCacheKey } from '../../../src/core/job-store';
import { silentLogger } from '../../../src/core/logging/logger';
import { startSimulator } from '../../../src/simulator';
import type { SimulatorHandle } from '../../../src/simulator';
import { REPO_ROOT, runCli } from '../../support/cli-runner';

/**
 * Rerun, tags and notes, and bundles through `qjob` against the Variant B simulator over HTTP:
 * the payload's bytes survive submit → bundle → open → rerun, and no secret reaches a bundle.
 */
describe('qjob rerun, tag, note and bundle', () => {
  let sim: SimulatorHandle;
  let configDir: string;
  let dataDir: string;
  let env: Record<string, string>;
  let conn: string[];
  let device: string;
  // Comments, blank lines and odd spacing: what "the bytes as submitted" must keep.
  const payloadText = `${fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/dialect/b-sampling-bell.yaml'), 'utf8')}\n#   kept:   trailing comment  \n\n`;
  let payloadFile: string;
  let first: number;

  beforeAll(async () => {
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-handover-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-handover-sim-'));
    sim = await startSimulator({
      variant: 'B',
      speed: 50,
      seed: 1,
      dataDir,
      onProblem: () => undefined,
    });
    env = { QJOB_CONFIG_DIR: configDir, QJOB_NO_KEYCHAIN: '1' };
    conn = ['--base-url', sim.url, '--variant', 'B'];
    const login = await runCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env,
      stdin: 'demo\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const devices = await runCli(['devices', '--json', ...conn], { env });
    device = (JSON.parse(devices.stdout) as { code: string; status: string }[]).find(
      (d) => d.status === 'online',
    )!.code;
    payloadFile = path.join(configDir, 'bell.yaml');
    fs.writeFileSync(payloadFile, payloadText);
    const submit = await runCli(
      ['submit', payloadFile, '--device', device, '--name', 'bell', '--json', ...conn],
      { env },
    );
    expect(submit.code, submit.stderr).toBe(0);
    first = (JSON.parse(submit.stdout) as { id: number }).id;
    const wait = await runCli(['wait', String(first), ...conn], { env });
    expect(wait.code, wait.stderr).toBe(0);
  });
  afterAll(async () => {
    await sim.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tags a job, lists it by tag, removes the tag; a bad tag is refused with why', async () => {
    const tag = await runCli(['tag', String(first), 'Calib', 'bell/2q', ...conn], { env });
    expect(tag.code, tag.stderr).toBe(0);
    expect(tag.stdout).toBe(`Job ${first}: bell/2q, calib\n`);
    const listed = await runCli(['jobs', '--tag', 'calib', '--json', ...conn], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: number }[]).map((j) => j.id)).toEqual([first]);
    const none = await runCli(['jobs', '--tag', 'other', ...conn], { env });
    expect(none.stdout).toMatch(/^No jobs match \(\d+ jobs? without the filters\)\.\n$/);
    const bad = await runCli(['tag', String(first), 'has space', ...conn], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'has space': a tag starts with a letter or digit");
    const removed = await runCli(['tag', String(first), 'bell/2q', '--remove', ...conn], { env });
    expect(removed.stdout).toBe(`Job ${first}: calib\n`);
  });

  it('keeps tags of a service where the desktop app reads them, so the app shows them too', async () => {
    const tag = await runCli(['tag', String(first), 'shared-with-app', ...conn], { env });
    expect(tag.code, tag.stderr).toBe(0);
    // qjob's own file is for its built-in simulator's jobs only.
    expect(fs.existsSync(jobCacheFile(configDir, 'cli'))).toBe(false);
    // Opened as the desktop app opens it: its job store, with the annotation store all share.
    const desktop = await openJobCache(
      jobCacheFile(configDir, 'electron'),
      silentLogger,
      'electron',
    );
    try {
      const key = profileCacheKey({ id: 'url', variant: 'B', baseUrl: sim.url });
      expect(desktop.annotations.tagIndex(key).get(first)).toContain('shared-with-app');
      // And the other way round: a tag given in the app is one qjob filters by.
      desktop.annotations.changeTags(key, first, { add: ['from-app'] });
    } finally {
      desktop.close();
    }
    const listed = await runCli(['jobs', '--tag', 'from-app', '--json', ...conn], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: number }[]).map((j) => j.id)).toEqual([first]);
    await runCli(['tag', String(first), 'shared-with-app', 'from-app', '--remove', ...conn], {
      env,
    });
  });

  it('keeps a note and prints it back', async () => {
    const set = await runCli(['note', String(first), 'drive', 'amplitude', 'checked', ...conn], {
      env,
    });
    expect(set.code, set.stderr).toBe(0);
    const get = await runCli(['note', String(first), '--json', ...conn], { env });
    expect(JSON.parse(get.stdout)).toMatchObject({ id: first, note: 'drive amplitude checked' });
  });

  it('reruns a job with its exact payload on its device, recording where it came from', async () => {
    const rerun = await runCli(['rerun', String(first), '--json', ...conn], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    const second = (JSON.parse(rerun.stdout) as { id: number }).id;
    expect(second).toBeGreaterThan(first);
    const exported = await runCli(['bundle', 'export', String(second), '-o', '-', ...conn], {
      env,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const job = JSON.parse(exported.stdout).jobs[0];
    expect(job.origin).toEqual({ kind: 'rerun', jobId: first });
    expect(job.payload).toEqual({ text: payloadText, source: 'submitted', redacted: false });
    expect(job.device.code).toBe(device);
  });

  it("reruns a job this computer never submitted from the service's copy, and says so", async () => {
    const elsewhere = {
      QJOB_CONFIG_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'qjob-other-')),
      QJOB_NO_KEYCHAIN: '1',
    };
    const login = await runCli(['login', '--user', 'demo', '--api-key-stdin', ...conn], {
      env: elsewhere,
      stdin: 'demo\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const rerun = await runCli(['rerun', String(first), '--json', ...conn], { env: elsewhere });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain(
      `qjob: job ${first}'s payload text is not kept on this computer: it is rebuilt from the service's copy, all of it in the friendly form.`,
    );
    expect((JSON.parse(rerun.stdout) as { id: number }).id).toBeGreaterThan(first);
  });

  it('bundle round trip: export, open --payload gives the same bytes, rerun from the file', async () => {
    const file = path.join(configDir, 'first.qjob.json');
    const exported = await runCli(['bundle', 'export', String(first), '-o', file, ...conn], {
      env,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const opened = await runCli(['bundle', 'open', file, '--payload'], { env });
    expect(opened.code, opened.stderr).toBe(0);
    expect(Buffer.from(opened.stdout)).toEqual(fs.readFileSync(payloadFile));

    const summary = await runCli(['bundle', 'open', file], { env });
    expect(summary.stdout).toContain('as submitted');
    expect(summary.stdout).toContain('calib');
    expect(summary.stdout).toContain('drive amplitude checked');

    const bundle = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(bundle.jobs[0].record.status).toBe('completed');
    expect(bundle.jobs[0].result).not.toBeNull();
    expect(bundle.jobs[0].device.seen).toBe('submission');

    const rerun = await runCli(['bundle', 'rerun', file, '--json', ...conn], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    const third = (JSON.parse(rerun.stdout) as { id: number }).id;
    const again = await runCli(['bundle', 'export', String(third), '-o', '-', ...conn], { env });
    const job = JSON.parse(again.stdout).jobs[0];
    expect(job.origin).toEqual({ kind: 'bundle', jobId: first, file: 'first.qjob.json' });
    expect(job.payload.text).toBe(payloadText);
  });

  it('no secret reaches a bundle: not the API key, not the access or refresh token', async () => {
    await runCli(['note', String(first), 'token: abc.def-SECRET1 and Bearer zzzSECRET2', ...conn], {
      env,
    });
    const exported = await runCli(['bundle', 'export', String(first), '-o', '-', ...conn], { env });
    expect(exported.code, exported.stderr).toBe(0);
    // The kept login: each secret is the session as JSON (access and refresh tokens).
    const kept = JSON.parse(fs.readFileSync(path.join(configDir, 'credentials.json'), 'utf8')) as {
      secrets: Record<string, string>;
    };
    const secrets: string[] = [];
    const collect = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.length >= 16) secrets.push(v);
        try {
          collect(JSON.parse(v));
        } catch {
          // not JSON: the string itself is collected
        }
      } else if (v && typeof v === 'object') Object.values(v).forEach(collect);
    };
    collect(kept.secrets);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(exported.stdout).not.toContain(secret);
    expect(exported.stdout).not.toContain('SECRET1');
    expect(exported.stdout).not.toContain('SECRET2');
    expect(JSON.parse(exported.stdout).redactions).toBeGreaterThan(0);
  });

  it('refuses a damaged bundle saying where, and a newer version saying so', async () => {
    const file = path.join(configDir, 'bad.qjob.json');
    const good = await runCli(['bundle', 'export', String(first), '-o', '-', ...conn], { env });
    const bundle = JSON.parse(good.stdout);
    bundle.jobs[0].tags = ['no spaces allowed'];
    fs.writeFileSync(file, JSON.stringify(bundle));
    const bad = await runCli(['bundle', 'open', file], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is damaged at jobs.0.tags.0');
    fs.writeFileSync(file, JSON.stringify({ ...bundle, version: 9 }));
    const newer = await runCli(['bundle', 'open', file], { env });
    expect(newer.stderr).toContain('version 9 bundle, written by a newer version');
    fs.writeFileSync(file, '{"format": 1');
    const notJson = await runCli(['bundle', 'open', file], { env });
    expect(notJson.stderr).toContain('is not a job bundle: it is not JSON');
  });
});
