import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CalibrationDrift } from '../../src/renderer/features/devices/drift/CalibrationDrift';
import type { DriftSeriesView } from '../../src/shared/ipc/drift-schemas';
import type { Device } from '../../src/shared/variants';
import '../../src/renderer/styles/base.css';

/**
 * The drift section's states in Chromium: reading, a failure said with a way to try again, and
 * the empty state. The store failing to answer cannot be caused on demand through the real core,
 * so the core's side is a stand-in `window.qjob` whose first answer is a failure.
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
});
