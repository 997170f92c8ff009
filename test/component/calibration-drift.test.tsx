import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CalibrationDrift } from '../../src/renderer/features/devices/drift/CalibrationDrift';
import type { DriftSeriesView } from '../../src/shared/ipc/drift-schemas';
import type { Device } from '../../src/shared/variants';
import '../../src/renderer/styles/base.css';

/**
 * The drift section's states in Chromium: reading, a failure said with a way to try again, and
 * the empty state; and the chart as drawn, each run's ± σ as an error bar on the canvas. The
 * store failing to answer cannot be caused on demand through the real core, so the core's side
 * is a stand-in `window.qjob` whose first answer is a failure.
 */
const VEGA: Device = {
  code: 'qpu.analog.vega',
  name: 'Vega',
  type: 'qpu.analog',
  nqubits: 8,
  status: 'online',
  description: '',
  id: 3,
};
const EMPTY: DriftSeriesView = {
  deviceId: 3,
  quantity: 't1',
  qubit: null,
  qubits: [],
  points: [],
  omitted: 0,
  scanned: 0,
  capped: false,
  persistent: true,
};

let answers: Array<() => Promise<unknown>> = [];
const asked: unknown[] = [];
window.qjob = {
  call: (name: string, input: unknown) => {
    asked.push({ name, input });
    const next = answers.shift();
    return next ? next() : new Promise(() => undefined);
  },
  on: () => () => undefined,
} as unknown as typeof window.qjob;

describe('the calibration drift section', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    asked.length = 0;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('says it is reading, then the failure with a way to try again, then the empty state', async () => {
    let fail!: (e: Error) => void;
    answers = [() => new Promise((_, reject) => (fail = reject)), () => Promise.resolve(EMPTY)];
    root.render(<CalibrationDrift device={VEGA} />);
    await expect.element(page.getByText('Reading the runs kept on this computer…')).toBeVisible();
    expect(asked).toEqual([{ name: 'drift.series', input: { deviceId: 3, quantity: 't1' } }]);

    fail(new Error('the job store is locked by another program'));
    const alert = page.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent(
        'The calibration history could not be read: the job store is locked by another program',
      );
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByText('No T1 runs on this device yet')).toBeVisible();
    await expect.element(page.getByText(/Run the T1 relaxation template/)).toBeVisible();
    expect(page.getByRole('combobox').element()).toHaveProperty('disabled', true);
  });

  it('draws each run’s ± σ as an error bar above and below its point', async () => {
    // Four T1 runs of 20 ± 2 µs, about an hour apart and never on a round time (a vertical grid
    // line under a point would look like a bar): the line between them is flat, so anything
    // drawn in the column of a point, above or below its marker, is its error bar.
    const points = [0, 1, 2, 3].map((i) => ({
      jobId: 40 + i,
      name: `t1 run ${i}`,
      at: new Date(Date.UTC(2026, 0, 10, 8 + i, [7, 19, 41, 53][i])).toISOString(),
      quantity: 't1' as const,
      qubit: 0,
      valueNs: 20_000,
      sigmaNs: 2_000,
      reason: null,
    }));
    answers = [() => Promise.resolve({ ...EMPTY, qubit: 0, qubits: [0], points, scanned: 4 })];
    root.render(<CalibrationDrift device={VEGA} />);
    const chart = page.getByTestId('drift-chart');
    await expect.element(chart.getByRole('button', { name: /^Job 43 / })).toBeInTheDocument();
    const canvas = chart.element().querySelector('canvas')!;
    const ctx = canvas.getContext('2d')!;
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    /** Pixels drawn in one canvas column between two heights (CSS pixels from the canvas top). */
    const inked = (x: number, from: number, to: number) => {
      const column = ctx.getImageData(
        Math.round(x * scale),
        Math.round(from * scale),
        1,
        Math.round((to - from) * scale),
      );
      let n = 0;
      for (let i = 3; i < column.data.length; i += 4) if (column.data[i]! > 0) n++;
      return n;
    };
    const markers = [...chart.element().querySelectorAll<HTMLElement>('.trend-point')].map((b) => {
      const r = b.getBoundingClientRect();
      return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
    });
    expect(markers).toHaveLength(4);
    for (const [i, m] of markers.entries()) {
      // Above and below the marker (8 px wide), inside the bar (the plot spans ± 2.5 σ or so).
      const above = inked(m.x, m.y - 30, m.y - 8);
      const below = inked(m.x, m.y + 8, m.y + 30);
      expect(above, `point ${i} above`).toBeGreaterThan(15 * scale);
      expect(below, `point ${i} below`).toBeGreaterThan(15 * scale);
      // Halfway to the next point the same band holds no bar (grid lines at most).
      const next = markers[i + 1];
      if (next) expect(inked((m.x + next.x) / 2, m.y - 30, m.y - 8)).toBeLessThan(5 * scale);
    }
  });
});
