import { expect, reviewShot, shot, test } from './fixtures';
import { setEditorText } from './editor-page';

/**
 * A sweep in browser mode on the simulator: an RY rotation angle over 0..2π from the editor's
 * Sweep… dialog, sent as one batch; the batch view's headline P(0) of each member follows
 * cos²(θ/2) within shot noise, read off the member table the plot is drawn from.
 */
test.use({ variant: 'B', simulatorSpeed: 50 });

const SHOTS = 2000;
const DOC = `# title: RY angle sweep
type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: ${SHOTS}
    circuit: !Circuit
      nqubits: 1
      gates:
        - !RY {qubit: 0, theta: 0.5}
        - !M {qubits: [0]}
`;
const THETA = 'sampling_payload.sampling.circuit.gates[0].theta';

test('a sweep of a rotation angle gives P(0) = cos²(θ/2) in the batch view', async ({ page }) => {
  // Nine jobs run one after another on one device; its waits alone may add up to two minutes on
  // a loaded machine, more than the default test time.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await setEditorText(page, DOC);
  await page.getByTestId('sweep-open').click();
  const dialog = page.getByRole('dialog', { name: 'Sweep this payload' });
  await expect(dialog).toBeVisible();
  // The payload's numbers are offered; the path field starts on one of them.
  await expect(page.getByTestId('sweep-path-0')).not.toHaveValue('');
  await page.getByTestId('sweep-path-0').fill(THETA);
  await page.getByTestId('sweep-values-0').fill('linspace(0, 2pi, 9)');
  await expect(page.getByTestId('sweep-status')).toContainText('9 payloads, all valid.');
  await page.getByTestId('sweep-device').selectOption('sim.statevector');

  await page.getByTestId('sweep-dry-run').click();
  await expect(page.getByTestId('sweep-dry-result')).toContainText(
    'Ran on sim.statevector: P(0) = 1.000',
  );
  await page.screenshot({ path: reviewShot('sweep-dialog-1280.png') });

  await page.getByTestId('sweep-submit').click();
  await expect(
    page.getByRole('heading', { level: 2, name: /^RY angle sweep \d\d:\d\d$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('batch-progress')).toContainText('9 of 9 submitted', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('batch-progress')).toContainText('9 completed', {
    timeout: 60_000,
  });
  const rows = page.getByTestId('batch-members').locator('tbody tr');
  await expect(rows).toHaveCount(9);
  // Every headline fetched.
  await expect(rows.locator('td:last-child').filter({ hasText: /^$/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('batch-plot')).toBeVisible();

  const cells: string[][] = [];
  for (let i = 0; i < 9; i++) cells.push(await rows.nth(i).locator('td').allTextContents());
  for (const row of cells) {
    const theta = Number(row[1]);
    const p0 = Number(row[row.length - 1]);
    const expected = Math.cos(theta / 2) ** 2;
    // Five standard deviations of a binomial count, plus rounding of the shown numbers.
    const sigma = Math.sqrt((expected * (1 - expected)) / SHOTS);
    expect(
      Math.abs(p0 - expected),
      `θ = ${theta}: P(0) = ${p0}, expected ${expected}`,
    ).toBeLessThanOrEqual(5 * sigma + 1e-3);
    expect(row[row.length - 2]).toContain('completed');
  }
  await page.screenshot({ path: shot('batch-view.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('batch-view-760.png') });
});

test.describe('the Sweep dialog as a newcomer meets it (issue 25)', () => {
  test('angles first, the title as the batch name, only devices that can run it, a readable table', async ({
    page,
  }) => {
    await setEditorText(page, DOC.replace('# title: RY angle sweep', '# title: RY rotation'));
    await page.getByTestId('sweep-open').click();
    const dialog = page.getByRole('dialog', { name: 'Sweep this payload' });
    await expect(page.getByTestId('sweep-path-0')).toHaveValue(THETA);
    // The angle is offered first, then the shots; qubit indices last.
    const offered = await dialog
      .locator('#sweep-paths option')
      .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
    expect(offered).toEqual([
      THETA,
      'sampling_payload.sampling.nshots',
      'sampling_payload.sampling.circuit.nqubits',
      'sampling_payload.sampling.circuit.gates[0].qubit',
      'sampling_payload.sampling.circuit.gates[1].qubits[0]',
    ]);
    await expect(dialog.getByLabel('Batch name')).toHaveValue(/^RY rotation sweep \d\d:\d\d$/);
    // A circuit: the analog devices are not offered, and the dialog says why.
    const devices = await page.getByTestId('sweep-device').locator('option').allTextContents();
    expect(devices.some((d) => /Vega|Deneb/.test(d))).toBe(false);
    await expect(page.getByTestId('sweep-devices-hidden')).toHaveText(
      '2 devices hidden: they cannot run a circuit.',
    );

    await page.getByTestId('sweep-values-0').fill('linspace(0, pi, 4)');
    await expect(page.getByTestId('sweep-status')).toContainText('4 payloads, all valid.');
    const table = dialog.locator('.sweep-table');
    await expect(table.locator('thead th').nth(1)).toHaveText('thetagates #1');
    await expect(table.locator('tbody tr').nth(1).locator('td').nth(1)).toHaveText('1.0472');
    await expect(table.locator('tbody tr').first().locator('td').last()).toHaveText('✓ valid');
    await page.screenshot({ path: reviewShot('sweep-dialog-readable-1280.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('sweep-dialog-readable-760.png') });

    // One invalid member: said in the singular, with its line.
    await page.getByTestId('sweep-path-0').fill('sampling_payload.sampling.circuit.gates[0].qubit');
    await page.getByTestId('sweep-values-0').fill('0, 3');
    await expect(page.getByTestId('sweep-status')).toContainText(
      '1 of the 2 payloads is not valid. The first: payload 2',
    );
  });
});
