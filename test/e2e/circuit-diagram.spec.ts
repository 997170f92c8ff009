import { expect, type Page, reviewShot, shot, test } from './fixtures';
import { openTemplate, setEditorText } from './editor-page';

/**
 * The circuit diagram under the editor, drawn from the analysis the editor runs in its worker:
 * a gate chosen selects its line in the editor, the editor's cursor line highlights its gate,
 * and a gate the dialect refuses is marked where it stands.
 */
test.use({ variant: 'B' });

const diagram = (page: Page) => page.getByRole('group', { name: 'Circuit diagram' });
/** The pointer off the drawing and the editor, for a picture without hover marks or scrollbars. */
async function stillPointer(page: Page): Promise<void> {
  await page.mouse.move(1, 790);
  await page.waitForTimeout(1_000);
}
const cursorLine = (page: Page) =>
  page.locator('.monaco-editor .line-numbers.active-line-number').first();

test('a template’s circuit is drawn; a gate chosen selects its line, the cursor’s line highlights its gate', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTemplate(page, /GHZ state/);
  const ghz = diagram(page);
  await expect(ghz).toBeVisible();
  await expect(ghz.getByRole('button', { name: 'H, qubit 0' })).toBeVisible();
  await expect(ghz.getByRole('button', { name: /^CNOT, control/ })).toHaveCount(9);
  await stillPointer(page);
  await page.screenshot({ path: shot('circuit-diagram-1280x800.png') });

  // Click → the editor's cursor goes to the gate's line (the template's line 14).
  const cnot23 = ghz.getByRole('button', { name: 'CNOT, control 2, target 3' });
  await cnot23.click();
  await expect(cursorLine(page)).toHaveText('14');
  await expect(cnot23).toHaveAttribute('aria-current', 'true');

  // The cursor moved in the editor → the gate on that line is highlighted.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(cursorLine(page)).toHaveText('12');
  await expect(ghz.getByRole('button', { name: 'CNOT, control 0, target 1' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(cnot23).not.toHaveAttribute('aria-current', 'true');

  // Keys: the highlighted gate holds the tab stop; the arrows move, Enter goes to the line.
  await ghz.getByRole('button', { name: 'CNOT, control 0, target 1' }).focus();
  await page.keyboard.press('ArrowRight');
  const next = ghz.getByRole('button', { name: 'CNOT, control 1, target 2' });
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cursorLine(page)).toHaveText('13');

  // The README's pictures of the diagram in the dark theme, a gate chosen, at both widths.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(next).toHaveAttribute('aria-current', 'true');
  await stillPointer(page);
  await page.screenshot({ path: shot('circuit-diagram-dark-1280x800.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await expect(ghz).toBeVisible();
  await page.screenshot({ path: shot('circuit-diagram-dark-760.png') });
});

test('a gate the dialect refuses is marked where it stands; a payload without a circuit says so', async ({
  page,
}) => {
  const text = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    '      nqubits: 3',
    '      gates:',
    '        - !H {qubit: 0}',
    '        - !CNOT {control: 0, target: 5}',
    '        - !RX {qubit: 2, theta: !Parameter {name: theta, value: 0.5}}',
    '        - !M {qubits: [0, 2]}',
    '',
  ].join('\n');
  await setEditorText(page, text);
  const drawn = diagram(page);
  await expect(drawn.getByRole('button', { name: 'RX(theta = 0.5), qubit 2' })).toBeVisible();
  await expect(drawn.getByRole('button', { name: 'Measurement, qubits 0 and 2' })).toBeVisible();
  const refused = drawn.getByRole('button', { name: /^!CNOT, not read; problem: .*qubit 5/ });
  await expect(refused).toHaveClass(/has-problem/);
  await refused.click();
  await expect(cursorLine(page)).toHaveText('9');

  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: shot('circuit-diagram-problem-760.png') });

  await openTemplate(page, /Rabi oscillation/);
  await expect(page.getByText('No circuit in this payload.')).toBeVisible();
  await setEditorText(page, 'type: sampling\nsampling_payload: [\n');
  await expect(page.getByText(/The circuit cannot be drawn/)).toBeVisible();
});

test('a wide circuit has an overview strip: click and keys move the view, its gates drawn as it goes', async ({
  page,
}) => {
  // 1,500 gates on 3 wires: 500 columns, far wider than the window.
  const gates = Array.from(
    { length: 1_500 },
    (_, i) => `        - !RX {qubit: ${i % 3}, theta: ${(i + 1) / 1000}}`,
  );
  const text = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    '      nqubits: 3',
    '      gates:',
    ...gates,
    '',
  ].join('\n');
  await setEditorText(page, text);
  const drawn = diagram(page);
  await expect(drawn.getByRole('button', { name: 'RX(0.001), qubit 0' })).toBeVisible();
  const strip = page.getByRole('slider', { name: 'Circuit overview: the columns in view' });
  await expect(strip).toHaveAttribute('aria-valuetext', /^Columns 1 to \d+ of 500$/);
  await strip.focus();
  await page.keyboard.press('End');
  await expect(drawn.getByRole('button', { name: 'RX(1.5), qubit 2' })).toBeInViewport();
  await expect(strip).toHaveAttribute('aria-valuetext', /to 500 of 500$/);
  // A click in the middle of the strip brings the middle of the circuit (column 250) into view.
  await strip.click();
  await expect(drawn.getByRole('button', { name: 'RX(0.75), qubit 2' })).toBeInViewport();
  await page.screenshot({ path: reviewShot('circuit-overview-1280x800.png') });
  // The gate chosen there still selects its line: gate 750 is on line 7 + 750.
  await drawn.getByRole('button', { name: 'RX(0.75), qubit 2' }).click();
  await expect(cursorLine(page)).toHaveText('757');
});

test('a submitted job’s Payload tab draws the same circuit', async ({ page }) => {
  await openTemplate(page, /Bell pair/);
  await page.getByRole('button', { name: /Submit/ }).click();
  const id = Number(await page.getByTestId('submitted-job-id').textContent());
  expect(id).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await page.locator(`.job-row[data-job-id="${id}"]`).click();
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', String(id));
  await detail.getByRole('tab', { name: 'Payload' }).click();
  const drawn = detail.getByRole('group', { name: 'Circuit diagram' });
  await expect(drawn.getByRole('button', { name: 'H, qubit 0' })).toBeVisible();
  const cnot = drawn.getByRole('button', { name: 'CNOT, control 0, target 1' });
  await expect(cnot).toBeVisible();
  await expect(page.getByTestId('payload-view').locator('.view-lines')).toContainText(
    'sampling: !Sampling',
  );
  await page.screenshot({ path: reviewShot('circuit-diagram-job-1280x800.png') });

  // No editor here: choosing a gate opens the payload in one, with the gate's line selected.
  const line = await cnot.getAttribute('data-line');
  expect(Number(line)).toBeGreaterThan(0);
  await cnot.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { selected: true })).toContainText(`job-${id}.yaml`);
  await expect(cursorLine(page)).toHaveText(line!);
});
