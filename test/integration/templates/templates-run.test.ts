import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../src/simulator';
import { decodeResultText } from '../../../src/renderer/state/results/decode';
import type { ViewModel } from '../../../src/renderer/state/results/models';
import { analyzePayload } from '../../../src/renderer/state/editor/analysis/analyze';
import { deviceFits, pickDevice } from '../../../src/shared/devices/device-fit';
import { executeKind, executeTypes } from '../../../src/shared/variants';
import type { Device, VariantId } from '../../../src/shared/variants';
import { buildExecuteEnvelope, decodeDevices } from '../../../src/shared/wire';
import { documentToExecutePayload, rootTag } from '../../../src/shared/yaml';
import { readHeaderComment } from '../../../src/shared/yaml/header-comment';
import { call, fullDetail, login, pollUntil, startTestSimulator } from '../simulator/helpers';

/*
 * Every template the app offers runs to `completed` on the device the pre-flight picks for it
 * (issues 3, 5 and 10), and gives a textbook result there: a Rabi sweep spans about two periods
 * and its fitted π pulse is the device's own, a T1 sweep spans about five T1 and its fit is the
 * device's T1, a GHZ or Bell state shows only its two outcomes, a time evolution visibly moves.
 * The results are read with the app's own viewer models and fits.
 */
const TEMPLATE_ROOT = join(import.meta.dirname, '../../../resources/templates');

/** All the viewer models inside a result (a functional result's readouts, a program's optimum). */
function models(m: ViewModel): ViewModel[] {
  if (m.kind === 'functional')
    return [m, ...m.readouts.flatMap(models), ...m.intermediate.flatMap((r) => r.readouts)];
  if (m.kind === 'variational') return [m, ...(m.inner ? models(m.inner) : [])];
  return [m];
}

function qubitOf(code: string, qubit: number) {
  const spec = CATALOGUE.find((d) => d.code === code);
  if (!spec) throw new Error(`no device ${code} in the simulator's catalogue`);
  return spec.physical.qubits[qubit]!;
}

/** What makes a result textbook, checked against the device it ran on. */
function checkTextbook(file: string, result: ViewModel, device: string): void {
  const all = models(result);
  const experiment = all.find((m) => m.kind === 'experiment');
  if (experiment?.kind === 'experiment') {
    const q = qubitOf(device, experiment.qubit ?? 0);
    const span = experiment.x[experiment.x.length - 1]! - experiment.x[0]!;
    const fit = experiment.analysis.fit;
    expect(fit, `${file}: ${experiment.analysis.fitError}`).not.toBeNull();
    if (fit?.kind === 'rabi') {
      const periodNs = 1000 / q.rabiRateMHz;
      expect(span / periodNs, `${file}: Rabi periods swept`).toBeGreaterThan(1.6);
      expect(span / periodNs, `${file}: Rabi periods swept`).toBeLessThan(2.6);
      const piNs = periodNs / 2;
      expect(Math.abs(fit.fit.piPulseNs - piNs) / piNs, `${file}: π pulse`).toBeLessThan(0.03);
    } else if (fit?.kind === 't1') {
      const t1Ns = q.t1Us * 1000;
      expect(span / t1Ns, `${file}: T1s waited`).toBeGreaterThan(4);
      expect(span / t1Ns, `${file}: T1s waited`).toBeLessThan(6.5);
      expect(Math.abs(fit.fit.t1Ns - t1Ns) / t1Ns, `${file}: T1`).toBeLessThan(0.1);
      // The fitted uncertainty says how well: within three of them.
      expect(Math.abs(fit.fit.t1Ns - t1Ns)).toBeLessThan(3 * (fit.fit.t1StdErrNs ?? Infinity));
      // A real decay, not a flat line: the signal falls by most of its range.
      expect(Math.abs(fit.fit.amplitude), `${file}: decay amplitude`).toBeGreaterThan(0.5);
    } else throw new Error(`${file}: no experiment fit`);
    return;
  }
  if (/ghz|bell/.test(file)) {
    const sampling = all.find((m) => m.kind === 'sampling');
    if (sampling?.kind !== 'sampling') throw new Error(`${file}: no samples`);
    const seen = sampling.counts.keys.filter((_, i) => sampling.counts.values[i]! > 0);
    const n = seen[0]!.length;
    expect(new Set(seen), `${file}: outcomes`).toEqual(new Set(['0'.repeat(n), '1'.repeat(n)]));
  }
  if (/analog/.test(file)) {
    // Two spins swap their excitation: the state sampled at the end is no longer the initial one.
    const sampling = all.find((m) => m.kind === 'sampling');
    if (sampling?.kind !== 'sampling') throw new Error(`${file}: no samples`);
    const top =
      sampling.counts.keys[sampling.counts.values.indexOf(Math.max(...sampling.counts.values))];
    expect(top, `${file}: the most frequent outcome`).toBe('01');
  }
  const evolution = all.find((m) => m.kind === 'time-evolution');
  if (evolution?.kind === 'time-evolution') {
    expect(evolution.series, `${file}: values over time`).not.toBeNull();
    const swings = evolution.series!.values.map((v) => Math.max(...v) - Math.min(...v));
    expect(Math.max(...swings), `${file}: a visible dynamic`).toBeGreaterThan(0.5);
  }
}

for (const variant of ['A', 'B'] as const satisfies readonly VariantId[]) {
  const folder = join(TEMPLATE_ROOT, variant.toLowerCase());
  const files = readdirSync(folder).filter((f) => f.endsWith('.yaml'));

  describe(`Variant ${variant} templates`, () => {
    let env: Awaited<ReturnType<typeof startTestSimulator>>;
    let token: string;
    let devices: Device[];

    beforeAll(async () => {
      env = await startTestSimulator({ variant });
      token = (await login(env.sim)).accessToken;
      devices = decodeDevices((await call(env.sim, 'GET', '/devices', { token })).body);
    });
    afterAll(async () => env?.cleanup());

    it('covers every execute type the variant declares, and no other', () => {
      const types = new Set(
        files.map((f) => /^type:\s*(\S+)/m.exec(readFileSync(join(folder, f), 'utf8'))?.[1]),
      );
      expect(types).toEqual(new Set(executeTypes(variant)));
    });

    for (const file of files) {
      it(`${file} runs on the device the pre-flight picks for it, with a textbook result`, async () => {
        const text = readFileSync(join(folder, file), 'utf8');
        const { payload, problems } = documentToExecutePayload(variant, text);
        expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(payload).not.toBeNull();

        // What the editor's pre-flight does with this document (PreflightPanel).
        const { work } = analyzePayload(variant, text).facts;
        const fitting = devices.filter((d) => deviceFits(d.type, work));
        const device = pickDevice(fitting, null, readHeaderComment(text).device ?? null);
        expect(device, `${file}: no device fits`).not.toBeNull();
        expect(device).toBe(readHeaderComment(text).device);

        const body = buildExecuteEnvelope({
          variant,
          payload: payload!,
          deviceCode: device!,
          name: file,
        });
        const reply = await call(env.sim, 'POST', '/execute', { token, body });
        expect(reply.status).toBe(200);
        const id = Number(reply.body.id);
        const final = await pollUntil(env.sim, token, id, undefined, 120_000);
        const detail = await fullDetail(env.sim, token, id);
        expect(final.status, detail.error_logs ?? '').toBe('completed');
        const kind = executeKind(variant, payload!.type)!;
        const resultYaml = (detail.result as Record<string, unknown> | null)?.[kind.resultField];
        expect(typeof resultYaml).toBe('string');
        // The simulator returns what the declaration says the type returns.
        expect(kind.resultTags).toContain(rootTag(resultYaml as string));
        checkTextbook(file, decodeResultText(resultYaml as string), device!);
      }, 150_000);
    }
  });
}
