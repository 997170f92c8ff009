import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src/core/app/types';
import { decodeResultText } from '../../../src/renderer/state/results/decode';
import { CATALOGUE } from '../../../src/simulator';
import type { VariantId } from '../../../src/shared/variants';
import { appCalls, nextCoreEvent, openAppCore } from '../../support/app-core';

/*
 * Calibration drift through the contract, on a store filled by real simulator runs: the T1
 * template run a few times with different sweeps in both variants, then `drift.series` for the
 * device. Each point's value is the one the job's own result viewer fits.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-drift-'));
let core: AppCore;
const { call, failure } = appCalls(() => core);

beforeAll(async () => {
  core = await openAppCore(dataDir, { simulator: { speed: 50 } });
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const template = (variant: 'a' | 'b') =>
  readFileSync(path.join('resources/templates', variant, 't1.yaml'), 'utf8');

/** The template with its sweep cut to its first `points` waits (so each run's fit differs). */
function shortened(text: string, points: number): string {
  const waits = Array.from({ length: points }, (_, i) => i * 50_000);
  return text.replace(/(wait_duration_values|wait_times): \[[^\]]*\]/, `$1: [${waits.join(', ')}]`);
}

async function runToEnd(text: string, name: string): Promise<number> {
  const { jobId } = await call('jobs.submit', { text, deviceCode: 'qpu.analog.vega', name });
  await nextCoreEvent(core, 'jobs.status', (e) => e.jobId === jobId && e.to === 'completed');
  await call('jobs.get', { id: jobId, full: true });
  return jobId;
}

async function viewerT1(id: number, variant: VariantId): Promise<number> {
  const { detail } = await call('jobs.get', { id, full: true });
  const field = variant === 'A' ? 'experiment_result' : 't1_experiment_result';
  const yaml = (detail as unknown as { result: Record<string, string> }).result[field]!;
  const model = decodeResultText(yaml);
  if (model.kind !== 'experiment' || model.analysis.fit?.kind !== 't1')
    throw new Error(`job ${id}: no T1 fit in its viewer`);
  return model.analysis.fit.fit.t1Ns;
}

const vegaT1Ns =
  CATALOGUE.find((d) => d.code === 'qpu.analog.vega')!.physical.qubits[0]!.t1Us * 1000;

describe.each([
  ['A', 'simulator-a', 'a'],
  ['B', 'simulator-b', 'b'],
] as const)('drift.series on the Variant %s simulator', (variant, profile, folder) => {
  it('lists the T1 runs on Vega’s qubit 0 with the fits their viewers show', async () => {
    await call('profiles.activate', { id: profile });
    const { devices } = await call('devices.list', { refresh: true });
    const vega = devices.find((d) => d.code === 'qpu.analog.vega')!;
    const ids = [];
    for (const points of [41, 31, 21])
      ids.push(await runToEnd(shortened(template(folder), points), `t1 ${points}`));

    const series = await call('drift.series', { deviceId: vega.id!, quantity: 't1' });
    expect(series.qubit).toBe(0);
    expect(series.qubits).toEqual([0]);
    expect(series.points.map((p) => p.jobId)).toEqual(ids);
    for (const p of series.points) {
      expect(p.valueNs).toBe(await viewerT1(p.jobId, variant));
      expect(Math.abs(p.valueNs! - vegaT1Ns) / vegaT1Ns).toBeLessThan(0.25);
      expect(p.sigmaNs).toBeGreaterThan(0);
    }
    expect(new Set(series.points.map((p) => p.valueNs)).size).toBe(3);
    expect(
      (await call('drift.series', { deviceId: vega.id!, quantity: 'piPulse' })).points,
    ).toEqual([]);
  });
});

describe('drift.series input', () => {
  it('refuses a window that is not a datetime and a negative qubit, saying where', async () => {
    const bad = await failure('drift.series', { deviceId: 1, quantity: 't1', from: 'yesterday' });
    expect(bad.message).toMatch(/from/);
    const qubit = await failure('drift.series', { deviceId: 1, quantity: 't1', qubit: -1 });
    expect(qubit.message).toMatch(/qubit/);
    const what = await failure('drift.series', { deviceId: 1, quantity: 'frequency' });
    expect(what.message).toMatch(/quantity/);
  });
});
