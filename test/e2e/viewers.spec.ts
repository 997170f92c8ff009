import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE } from '../../src/simulator';
import type { JobDetail } from '../../src/shared/variants';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  MALFORMED_SAMPLING,
  UNKNOWN_RESULT,
  timeEvolution,
  wideSampling,
} from '../unit/renderer/features/result-viewers/fixtures';
import { expect, type Page, shot, type Studio, test } from './fixtures';
import { BELL } from './payloads';

/**
 * The result viewers in the real app (browser mode, job monitor, embedded simulator): jobs run
 * on the simulator and are opened in their Result tab; results the simulator never makes (an
 * unknown tag, a million outcomes) come from a fake service speaking the wire format.
 */

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');
const range = (n: number, step: number) => Array.from({ length: n }, (_, i) => i * step).join(', ');

const SIM = 'sim.statevector';
const ANALOG = 'qpu.analog.vega';
const qubit0 = CATALOGUE.find((d) => d.code === ANALOG)!.physical.qubits[0]!;
const PI_NS = 1000 / (2 * qubit0.rabiRateMHz);
const T1_NS = qubit0.t1Us * 1000;

const TIME_EVOLUTION = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 4
      dt: 0.02
      hamiltonians: {drive: "X0 + 0.5 X1", zz: "Z0 Z1"}
      coefficients: {drive: [[0, 1], [4, 1]], zz: [[0, 0.7], [4, 0.7]]}
    observables: ["Z0", "Z1", "Z0 Z1"]
    initial_state: "00"
    nshots: 0
    store_intermediate_results: true
`;

// Three Rabi periods in 61 points; T1 waits out to three times T1.
const RABI = `type: rabi_experiment
rabi_experiment_payload:
  rabi_experiment: !RabiExperiment
    qubit_id: 0
    drive_pulse_duration: [${range(61, Math.round((6 * PI_NS) / 60))}]
`;
const T1 = `type: t1_experiment
t1_experiment_payload:
  t1_experiment: !T1Experiment
    qubit_id: 0
    wait_times: [${range(41, Math.round((3 * T1_NS) / 40))}]
`;

const RABI_FINE = RABI.replace(
  /drive_pulse_duration: \[[^\]]*\]/,
  `drive_pulse_duration: [${range(151, 10)}]`,
);

/**
 * Variant B's cost functions carry pickled Python only the SDK writes, so a B variational
 * program comes from a notebook: the SDK's own request for ⟨Z0 Z1 + 0.5 Z0⟩ with COBYLA.
 */
const VQE = readFileSync(
  join(import.meta.dirname, '../fixtures/sdk/B-0.1.6/requests/b_vp_sampling_cobyla.yaml'),
  'utf8',
);

/** Submit through the contract (what the editor's Submit does) and wait for the job to end. */
async function runJob(
  studio: Studio,
  text: string,
  deviceCode: string,
  name: string,
): Promise<number> {
  const h = studio.server.core.handlers;
  const { jobId } = await h['jobs.submit']({ text, deviceCode, name });
  let status: string | null | undefined;
  await expect
    .poll(
      async () => {
        const view = await h['jobs.get']({ id: jobId, full: true });
        status = view.detail.status;
        if (status === 'error')
          throw new Error(`job ${jobId} failed: ${String(view.detail.error)}`);
        return status;
      },
      { timeout: 90_000, intervals: [300, 500, 1000] },
    )
    .toBe('completed');
  return jobId;
}

async function openResult(page: Page, id: number) {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
  await row(page, id).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(id));
  await detail(page).getByRole('tab', { name: 'Result' }).click();
  const viewer = detail(page).getByTestId('result-viewer');
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  return viewer;
}

/** The numbers in a chart's data table (its accessible twin). */
async function tableColumn(page: Page, chartTestId: string, column: number): Promise<string[]> {
  const chart = page.getByTestId(chartTestId);
  const toggle = chart.getByRole('button', { name: /^(Table|Hide table)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const cells = chart.locator(`.data-table tbody tr td:nth-child(${column})`);
  await expect(cells.first()).toBeVisible();
  return cells.allTextContents();
}

/** What these checks use of a canvas (the tests' TypeScript setup has no DOM types). */
type Canvas = {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  } | null;
};

const number = (text: string) => Number(text.replace(/[,\s]/g, ''));

test.describe('Variant B on the simulator', () => {
  test.use({ variant: 'B', simulatorSpeed: 50 });

  test('a Bell job shows a histogram of two bars whose counts sum to nshots', async ({
    page,
    studio,
    pageErrors,
  }) => {
    const id = await runJob(studio, BELL, SIM, 'viewer bell');
    const viewer = await openResult(page, id);
    await expect(viewer).toHaveAttribute('data-tag', '!SamplingResult');
    await expect(viewer.getByTestId('distinct-outcomes')).toHaveText('2');
    await expect(viewer.getByTestId('sum-of-counts')).toHaveText('1,000 = nshots');
    const outcomes = await tableColumn(page, 'sampling-histogram', 1);
    expect(outcomes.sort()).toEqual(['00', '11']);
    const counts = (await tableColumn(page, 'sampling-histogram', 2)).map(number);
    expect(counts).toHaveLength(2);
    expect(counts[0]! + counts[1]!).toBe(1000);
    await page
      .getByTestId('sampling-histogram')
      .getByRole('button', { name: 'Hide table' })
      .click();
    await page.screenshot({ path: shot('viewer-sampling-1280.png') });

    // Every outcome is also in the paged table, and the CSV export holds them all.
    await expect(viewer.getByTestId('sampling-table').locator('tbody tr')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Export the outcomes as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`job-${id}-sampling.csv`);
    const csv = await (await file.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString('utf8').trim().split('\r\n');
    // The SDK's SamplingResult carries its own probabilities: they are exported beside ours.
    expect(lines[0]).toBe('outcome,count,probability,reported_probability');
    expect(lines.slice(1).reduce((s, l) => s + Number(l.split(',')[1]), 0)).toBe(1000);

    const png = page.waitForEvent('download');
    await page.getByTestId('sampling-histogram').getByRole('button', { name: 'PNG' }).click();
    expect((await png).suggestedFilename()).toMatch(/\.png$/);

    await page.setViewportSize({ width: 760, height: 800 });
    await expect(viewer.getByTestId('sampling-histogram').locator('canvas')).toBeVisible();
    await page.screenshot({ path: shot('viewer-sampling-narrow.png') });
    expect(pageErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });

  test('a time-evolution job draws one curve per observable, named from the payload', async ({
    page,
    studio,
  }) => {
    const id = await runJob(studio, TIME_EVOLUTION, SIM, 'viewer time evolution');
    const viewer = await openResult(page, id);
    const chart = viewer.getByTestId('time-evolution-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    const legend = chart.locator('.u-legend .u-label');
    await expect(legend).toHaveText(['t', 'Z0', 'Z1', 'Z0 Z1']);
    // The canvas has been drawn on (not blank).
    const inked = await chart.locator('canvas').evaluate((c) => {
      const canvas = c as unknown as Canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(1000);
    const times = await tableColumn(page, 'time-evolution-chart', 1);
    expect(times.length).toBe(50); // first page of 201 points
    await expect(chart.getByText(/Rows 1–50 of 201/)).toBeVisible();
    await chart.getByRole('button', { name: 'Hide table' }).click();
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('viewer-time-evolution-1280.png') });
  });

  test('a Rabi job shows its fitted π pulse, a T1 job its fitted T1 with its uncertainty', async ({
    page,
    studio,
  }) => {
    const rabi = await runJob(studio, RABI, ANALOG, 'viewer rabi');
    const t1 = await runJob(studio, T1, ANALOG, 'viewer t1');

    let viewer = await openResult(page, rabi);
    const pi = viewer.getByTestId('pi-pulse');
    await expect(pi).toHaveText(/^[\d.]+ ± [\d.]+ ns$/);
    const piNs = Number((await pi.textContent())!.split(' ')[0]);
    expect(Math.abs(piNs - PI_NS) / PI_NS).toBeLessThan(0.05);
    await expect(viewer.getByTestId('experiment-chart').locator('.u-legend')).toContainText(
      'fitted oscillation',
    );
    await expect(viewer.getByTestId('iq-chart').locator('canvas')).toBeVisible();
    await page.screenshot({ path: shot('viewer-rabi-1280.png') });

    viewer = await openResult(page, t1);
    const t1Text = viewer.getByTestId('t1');
    await expect(t1Text).toHaveText(/^[\d.]+ ± [\d.]+ µs$/);
    const [value, , err] = (await t1Text.textContent())!.split(' ');
    expect(Math.abs(Number(value) * 1000 - T1_NS)).toBeLessThan(
      Math.max(4 * Number(err) * 1000, 0.15 * T1_NS),
    );
    await page.screenshot({ path: shot('viewer-t1-1280.png') });
  });

  test('a variational program from the SDK shows its cost per iteration, the optimum and the inner result', async ({
    page,
    studio,
  }) => {
    const id = await runJob(studio, VQE, SIM, 'viewer vqe');
    const viewer = await openResult(page, id);
    await expect(viewer.getByTestId('variational-view')).toBeVisible();
    await expect(viewer.getByTestId('optimal-cost')).toHaveText(/^-1\.\d+$/);
    await expect(viewer.getByTestId('cost-chart').locator('canvas')).toBeVisible();
    const inner = viewer.getByTestId('variational-view').getByTestId('sampling-view');
    await expect(inner).toBeVisible();
    await page.screenshot({ path: shot('viewer-variational-1280.png') });
    await inner.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('viewer-variational-optimum-1280.png') });
  });

  test('compare: the same Bell payload on the simulator and on a noisy processor', async ({
    page,
    studio,
  }) => {
    const exact = await runJob(studio, BELL, SIM, 'bell compare');
    const noisy = await runJob(
      studio,
      BELL.replace('nshots: 1000', 'nshots: 4000'),
      'qpu.digital.sirius',
      'bell compare',
    );
    await openResult(page, exact);
    await detail(page)
      .getByRole('button', { name: /Compare/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Compare with job id').fill(String(noisy));
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = dialog.getByTestId('compare-view');
    await expect(compare).toBeVisible({ timeout: 30_000 });
    const tvd = Number(await compare.getByTestId('tvd').textContent());
    const fidelity = Number(await compare.getByTestId('hellinger-fidelity').textContent());
    expect(tvd).toBeGreaterThanOrEqual(0);
    expect(tvd).toBeLessThan(0.3);
    expect(fidelity).toBeGreaterThan(0.7);
    expect(fidelity).toBeLessThanOrEqual(1);
    await expect(compare.getByTestId('compare-histogram').locator('.u-legend')).toContainText(
      `B: Job ${noisy}`,
    );
    await page.screenshot({ path: shot('viewer-compare-1280.png') });
  });

  test('compare: two Rabi sweeps overlay with their difference; a Rabi against a Bell job says why not', async ({
    page,
    studio,
  }) => {
    // The same sweep on two processors with different Rabi rates.
    const a = await runJob(studio, RABI_FINE, ANALOG, 'rabi compare');
    const b = await runJob(studio, RABI_FINE, 'qpu.digital.sirius', 'rabi compare');
    const bell = await runJob(studio, BELL, SIM, 'bell');
    await openResult(page, a);
    await detail(page)
      .getByRole('button', { name: /Compare/ })
      .click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Compare with job id').fill(String(b));
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByTestId('compare-overlay').locator('canvas')).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByTestId('compare-difference').locator('canvas')).toBeVisible();
    await page.screenshot({ path: shot('viewer-compare-curves-1280.png') });
    await page.keyboard.press('Escape');

    await detail(page)
      .getByRole('button', { name: /Compare/ })
      .click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Compare with job id').fill(String(bell));
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByTestId('compare-mismatch')).toContainText('cannot be overlaid');
  });
});

test.describe('Variant A on the simulator', () => {
  test.use({ variant: 'A', simulatorSpeed: 50 });

  const DIGITAL = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 3
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
        - !RX {qubit: 2, theta: 0.7}
  readout:
    - !SamplingReadout {nshots: 500}
    - !ExpectationReadout {observables: ["Z0", "Z0 Z1", "X2"], nshots: 0}
    - !StateTomographyReadout {method: exact}
`;
  const RESERVOIR = `type: quantum_reservoir
quantum_reservoir_payload:
  quantum_reservoir: !QuantumReservoir
    initial_state: "00"
    layers:
      - !ReservoirLayer
        input_encoding: !Circuit
          nqubits: 2
          gates:
            - !RX {qubit: 0, theta: !Parameter {name: u, value: 0}}
        evolution_dynamics: !Schedule
          T: 1
          dt: 0.1
          hamiltonians: {h: "X0 X1 + Z1"}
          coefficients: {h: [[0, 1], [1, 1]]}
        qubits_to_reset: []
    inputs: [{u: 0.1}, {u: 0.5}, {u: 1.2}, {u: 2.0}, {u: 2.6}]
  readout: !ExpectationReadout {observables: ["Z0", "Z1"], nshots: 0}
`;

  test('a functional result shows one viewer per readout, labelled from the payload', async ({
    page,
    studio,
  }) => {
    const id = await runJob(studio, DIGITAL, SIM, 'viewer functional');
    const viewer = await openResult(page, id);
    const functional = viewer.getByTestId('functional-view');
    await expect(functional.getByTestId('sampling-view')).toBeVisible();
    await expect(functional.getByTestId('sampling-view').getByTestId('sum-of-counts')).toHaveText(
      '500 = nshots',
    );
    await expect(functional.getByTestId('expectation-table')).toContainText('Z0 Z1');
    await expect(functional.getByTestId('state-view')).toBeVisible();
    await page.screenshot({ path: shot('viewer-functional-a-1280.png') });
    const state = functional.getByTestId('state-view');
    await expect(state.getByTestId('state-table').locator('tbody tr')).toHaveCount(8);
    await state.getByLabel('or find').fill('11?');
    await expect(state.getByTestId('state-table').locator('tbody tr')).toHaveCount(2);
    await state.getByTestId('state-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('viewer-state-a-1280.png') });
  });

  test('a reservoir shows the readout per input and each input on its own', async ({
    page,
    studio,
  }) => {
    const id = await runJob(studio, RESERVOIR, SIM, 'viewer reservoir');
    const viewer = await openResult(page, id);
    const steps = viewer.getByTestId('intermediate-results');
    await expect(steps.locator('canvas').first()).toBeVisible();
    await steps.getByLabel('Intermediate result').selectOption({ index: 2 });
    await expect(steps).toContainText('Input 3 (u = 1.2)');
    await steps.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('viewer-reservoir-a-1280.png') });
  });
});

test.describe('results the simulator never makes, from a fake service', () => {
  test.use({ variant: 'B' });

  async function serve(
    studio: Studio,
    page: Page,
    results: Array<{ id: number; field: string; type: string; yaml: string }>,
  ) {
    const fake = await startFaultyServer();
    fake.route('POST', '/authorisation-tokens', json(wireToken()));
    fake.route('POST', '/authorisation-tokens/refresh', json(wireToken()));
    fake.route('GET', '/devices', json(DEVICES_BODY));
    const infos = results.map((r) =>
      jobInfo(r.id, 'completed', { name: `fake ${r.id}`, completed_at: '2026-11-22T11:26:00Z' }),
    );
    fake.route('GET', '/jobs', json(wireJobList('B', infos)));
    results.forEach((r, i) => {
      const detail = {
        ...infos[i]!,
        jobType: 'digital',
        payload: null,
        result: { type: r.type, [r.field]: r.yaml },
        logs: '',
        error: null,
        error_logs: null,
      } as unknown as JobDetail<'B'>;
      fake.route('GET', `/jobs/${r.id}`, json(wireJobDetail('B', detail)));
    });
    const h = studio.server.core.handlers;
    await h['profiles.save']({ id: 'fake', name: 'Fake service', variant: 'B', baseUrl: fake.url });
    await h['profiles.activate']({ id: 'fake' });
    await h['session.login']({ user: 'demo', apiKey: 'demo' });
    await page.reload();
    return fake;
  }

  test('an unknown tag shows the tree view with its tags, code-bearing ones flagged and never run', async ({
    page,
    studio,
  }) => {
    const fake = await serve(studio, page, [
      { id: 7, field: 'sampling_result', type: 'sampling', yaml: UNKNOWN_RESULT },
      { id: 10, field: 'sampling_result', type: 'sampling', yaml: MALFORMED_SAMPLING },
    ]);
    try {
      const viewer = await openResult(page, 7);
      const tree = viewer.getByTestId('tree-view');
      await expect(tree).toBeVisible();
      await expect(tree.getByTestId('tree-reason')).toContainText(
        'No viewer knows !QuantumVolumeResult',
      );
      await expect(tree.locator('.rv-tag', { hasText: '!CircuitSummary' }).first()).toBeVisible();
      await expect(tree.locator('.rv-tag', { hasText: '!function · code, not run' })).toBeVisible();
      await expect(tree).toContainText('heavy_output_probability');
      await expect(viewer).toContainText('A sampling job returns !SamplingResult');
      await page.screenshot({ path: shot('viewer-unknown-tag-1280.png') });

      // A known tag in a shape its viewer does not expect: the tree, with what was unexpected.
      const malformed = await openResult(page, 10);
      await expect(malformed.getByTestId('tree-reason')).toContainText(
        'samples: expected a mapping of outcomes to numbers, found a sequence of 2',
      );
    } finally {
      await fake.close();
    }
  });

  test('a sampling result with 2^20 distinct outcomes: top K with the rest summed, every outcome paged', async ({
    page,
    studio,
  }) => {
    test.setTimeout(240_000);
    const { yaml, nshots } = wideSampling(20);
    const fake = await serve(studio, page, [
      { id: 8, field: 'sampling_result', type: 'sampling', yaml },
    ]);
    try {
      const viewer = await openResult(page, 8);
      await expect(viewer.getByTestId('distinct-outcomes')).toHaveText('1,048,576', {
        timeout: 120_000,
      });
      await expect(viewer.getByTestId('sum-of-counts')).toHaveText(
        `${nshots.toLocaleString('en-US')} = nshots`,
      );
      const histogram = viewer.getByTestId('sampling-histogram');
      await expect(histogram).toContainText('Top 16 of 1,048,576 outcomes');
      const bars = await tableColumn(page, 'sampling-histogram', 1);
      expect(bars).toHaveLength(17);
      expect(bars.at(-1)).toBe('other (1,048,560 outcomes)');
      // The outcomes cross from the decoding worker packed into numbers: drawn, they are the
      // bit strings again.
      for (const bar of bars.slice(0, -1)) expect(bar).toMatch(/^[01]{20}$/);
      await histogram.getByRole('button', { name: 'Hide table' }).click();
      await expect(
        viewer.getByTestId('sampling-table').getByText('Rows 1–50 of 1,048,576'),
      ).toBeVisible();
      // On a log scale the top outcomes show beside the million summed.
      await histogram.getByLabel('Log scale').check();
      await histogram.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('viewer-sampling-million-log-1280.png') });
      await viewer.getByLabel('Find outcomes').fill('1111111111111111111');
      await expect(viewer.getByTestId('sampling-table').locator('tbody tr')).toHaveCount(2);
      await expect(viewer.getByTestId('sampling-table').locator('tbody tr .mono')).toHaveText([
        /^1{19}[01]$/,
        /^1{19}[01]$/,
      ]);
      await page.screenshot({ path: shot('viewer-sampling-million-1280.png') });
    } finally {
      await fake.close();
    }
  });

  test('a chart of 100,000 points stays interactive: hover values, Ctrl+wheel and drag zoom, keyboard reset, dark theme', async ({
    page,
    studio,
  }) => {
    test.setTimeout(180_000);
    const fake = await serve(studio, page, [
      {
        id: 9,
        field: 'time_evolution_result',
        type: 'time_evolution',
        yaml: timeEvolution(100_000, 40),
      },
    ]);
    try {
      const viewer = await openResult(page, 9);
      const chart = viewer.getByTestId('time-evolution-chart');
      const over = chart.locator('.u-over');
      await expect(over).toBeVisible({ timeout: 60_000 });
      await chart.scrollIntoViewIfNeeded();
      const canvas = chart.locator('canvas');
      const fingerprint = () =>
        canvas.evaluate((c) => {
          const el = c as unknown as Canvas;
          const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
          let h = 0;
          for (let i = 0; i < data.length; i += 97) h = (h * 31 + data[i]!) >>> 0;
          return h;
        });
      const box = (await over.boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

      // Hovering reads the values under the pointer into the legend.
      await page.mouse.move(centre.x, centre.y);
      await expect(chart.locator('.u-legend .u-series').nth(1).locator('.u-value')).not.toHaveText(
        '—',
      );
      const initial = await fingerprint();

      // Ten Ctrl+wheel steps (a plain wheel scrolls the page), each redrawing 300,000 points,
      // in well under a second each.
      const started = Date.now();
      await page.keyboard.down('Control');
      for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -100);
      await page.keyboard.up('Control');
      await page.evaluate(
        () =>
          new Promise((r) =>
            (
              globalThis as unknown as { requestAnimationFrame(cb: () => void): number }
            ).requestAnimationFrame(() => r(null)),
          ),
      );
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(10_000);
      const zoomed = await fingerprint();
      expect(zoomed).not.toBe(initial);

      // Keyboard: 0 returns to the whole data; then a drag selects a range to zoom into.
      await chart.getByRole('img').focus();
      await page.keyboard.press('0');
      await expect.poll(fingerprint).toBe(initial);
      await expect(chart.locator('.chart-hint')).toBeVisible();
      await page.mouse.move(box.x + box.width * 0.3, centre.y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, centre.y, { steps: 5 });
      await page.mouse.up();
      await expect.poll(fingerprint).not.toBe(initial);
      await over.dblclick();
      await expect.poll(fingerprint).toBe(initial);

      // The colours follow the theme.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(fingerprint).not.toBe(initial);
      await page.mouse.move(centre.x, centre.y);
      await page.screenshot({ path: shot('viewer-100k-dark-1280.png') });
    } finally {
      await fake.close();
    }
  });
});
