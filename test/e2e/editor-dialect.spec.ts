import {
  completionRowsAt,
  editorReady,
  problems,
  setEditorText,
  squiggleLines,
} from './editor-page';
import { expect, reviewShot, test } from './fixtures';

/**
 * The payload dialect in the editor (issue 10): what the simulator would refuse is marked where
 * it is before Submit, one problem has one message, and completion offers what is valid at the
 * cursor first: the schema's values at `type: `, gates in a gate list, readouts in a readout list.
 */

const OUT_OF_RANGE_B = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: -5
    circuit: !Circuit
      nqubits: 3
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 5}
        - !X {qubit: 7}
`;

const A_CIRCUIT = `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - 
  readout:
    - !SamplingReadout {nshots: 100}
    - 
`;

test.describe('Variant B', () => {
  test.use({ variant: 'B' });

  test('out-of-range qubits and negative shots are errors on their lines', async ({ page }) => {
    await editorReady(page);
    await setEditorText(page, OUT_OF_RANGE_B);
    const errors = problems(page, { severity: 'error' });
    await expect(errors).toHaveCount(3);
    await expect(errors.nth(0)).toHaveAttribute('data-line', '4');
    await expect(errors.nth(0)).toContainText('nshots: -5 is out of range');
    await expect(errors.nth(1)).toHaveAttribute('data-line', '9');
    await expect(errors.nth(1)).toContainText('qubit 5 is outside the circuit (nqubits: 3)');
    await expect(errors.nth(1)).toContainText('Ln 9, Col 38');
    await expect(errors.nth(2)).toHaveAttribute('data-line', '10');
    await expect(errors.nth(2)).toContainText('qubit 7 is outside the circuit');
    await expect.poll(() => squiggleLines(page, 'error')).toEqual([4, 9, 10]);
    // The pre-flight says what blocks Submit, where.
    await expect(page.getByRole('button', { name: /Submit/ })).toBeDisabled();
    await expect(page.locator('.submit-reason')).toContainText(
      'Fix 3 errors in the payload first (line 4: nshots: -5 is out of range',
    );

    await page.screenshot({ path: reviewShot('editor-dialect-1280x800.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await expect(errors.nth(2)).toBeVisible();
    await page.screenshot({ path: reviewShot('editor-dialect-760.png') });
  });

  test('an unknown key is a warning: the simulator refuses it, Submit stays open', async ({
    page,
  }) => {
    await editorReady(page);
    await setEditorText(
      page,
      OUT_OF_RANGE_B.replace('nshots: -5', 'nshots: 5\n    priority: high')
        .replace('target: 5', 'target: 1')
        .replace('qubit: 7', 'qubit: 2'),
    );
    const warning = problems(page, {});
    await expect(warning).toHaveCount(1);
    await expect(warning).toHaveAttribute('data-severity', 'warning');
    await expect(warning).toContainText('!Sampling: unknown key "priority"');
    await expect.poll(() => squiggleLines(page, 'warning')).toEqual([5]);
    await expect(page.getByRole('button', { name: /Submit/ })).toBeEnabled();
    await expect(page.locator('.preflight-warnings')).toHaveText(
      '1 warning in the payload, on line 5: !Sampling: unknown key "priority"; expected one of: circuit, nshots (see Problems under the editor).',
    );
  });

  test('completion: the execute types at `type: `, gates in a gate list', async ({ page }) => {
    await page.setViewportSize({ width: 760, height: 800 });
    await editorReady(page);
    const atType = await completionRowsAt(page, 'type: \n', 1, '');
    expect(atType.slice(0, 5).map((r) => r.label)).toEqual([
      'rabi_experiment',
      'sampling',
      't1_experiment',
      'time_evolution',
      'variational_program',
    ]);
    expect(atType.some((r) => r.label.startsWith('!'))).toBe(false);

    const gates = await completionRowsAt(
      page,
      OUT_OF_RANGE_B.replace('        - !X {qubit: 7}\n', '        - \n'),
      10,
      '',
    );
    expect(gates.slice(0, 5).map((r) => r.label)).toEqual(['!I', '!X', '!Y', '!Z', '!H']);

    // Inside a gate: its missing fields, required ones marked.
    const text = OUT_OF_RANGE_B.replace('!X {qubit: 7}', '!RX {qubit: 0, }');
    const fields = await completionRowsAt(page, text, 10, '', 1);
    expect(fields[0]).toEqual({ label: 'theta', description: 'required' });
    // Inside an object: its missing fields, required first.
    const missing = await completionRowsAt(
      page,
      OUT_OF_RANGE_B.replace('    nshots: -5\n', '    \n'),
      4,
      '',
    );
    expect(missing[0]).toEqual({ label: 'nshots', description: 'required' });
    await page.keyboard.press('Control+Space');
    await page.screenshot({ path: reviewShot('editor-completion-fields-760.png') });
  });

  test('choosing a gate writes it with its parameters', async ({ page }) => {
    await editorReady(page);
    // No CNOT anywhere yet: the one the test finds is the one completion wrote.
    const valid = OUT_OF_RANGE_B.replace('nshots: -5', 'nshots: 5').replace(
      '!CNOT {control: 0, target: 5}',
      '!X {qubit: 1}',
    );
    await completionRowsAt(page, valid.replace('!X {qubit: 7}', '!CN'), 10, '');
    await page.keyboard.press('Control+Space');
    const first = page.locator('.monaco-editor .suggest-widget .monaco-list-row').first();
    await expect(first).toContainText('!CNOT');
    await page.screenshot({ path: reviewShot('editor-completion-gate-1280x800.png') });
    await page.keyboard.press('Enter');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText(
      /-\s!CNOT\s\{control:\s0,\starget:\s1\}/,
    );
    await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  });
});

test('a file that is not UTF-8 is refused with where, not opened with U+FFFD', async ({ page }) => {
  await editorReady(page);
  const tabs = page.getByRole('tab');
  const before = await tabs.count();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open a YAML file' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'latin1.yaml',
    mimeType: 'application/x-yaml',
    // "# café" in Latin-1: 0xE9 is not UTF-8.
    buffer: Buffer.from([...Buffer.from('type: sampling\n# caf'), 0xe9, 0x0a]),
  });
  const notice = page.getByTestId('status-notice');
  await expect(notice).toContainText(
    'latin1.yaml was not opened: the file is not valid UTF-8: byte 0xE9 at byte offset 20 (line 2, column 6)',
  );
  await expect(tabs).toHaveCount(before);
  await page.screenshot({ path: reviewShot('editor-not-utf8-1280x800.png') });
});

test.describe('Variant A', () => {
  test.use({ variant: 'A' });

  test('completion: the execute types, gates, and readouts in a readout list', async ({ page }) => {
    await editorReady(page);
    const atType = await completionRowsAt(page, 'type: \n', 1, '');
    expect(atType.slice(0, 5).map((r) => r.label)).toEqual([
      'analog_evolution',
      'digital_propagation',
      'experiment',
      'quantum_reservoir',
      'variational_program',
    ]);
    const gates = await completionRowsAt(page, A_CIRCUIT, 8, '');
    expect(gates.slice(0, 3).map((r) => r.label)).toEqual(['!I', '!X', '!Y']);
    const readouts = await completionRowsAt(page, A_CIRCUIT, 11, '');
    expect(readouts.map((r) => r.label)).toEqual([
      '!SamplingReadout',
      '!ExpectationReadout',
      '!StateTomographyReadout',
    ]);
  });

  test('a missing readout is one problem with one message', async ({ page }) => {
    await editorReady(page);
    await setEditorText(
      page,
      `type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit {nqubits: 1, gates: [!H {qubit: 0}]}
`,
    );
    const all = problems(page, {});
    await expect(all).toHaveCount(1);
    await expect(all).toContainText("required field 'readout' is missing");
    await expect(page.getByTestId('problem-errors')).toHaveText('1');
    await expect(page.getByTestId('problem-warnings')).toHaveText('0');
  });
});

test.describe('a misspelt tag (issue 25)', () => {
  test.use({ variant: 'B' });

  test('is an error that blocks Submit, and what it holds is still checked', async ({ page }) => {
    await editorReady(page);
    await setEditorText(
      page,
      OUT_OF_RANGE_B.replace('nshots: -5', 'nshots: 5')
        .replace('!Circuit', '!Circut')
        .replace('!H {qubit: 0}', '!Hadamard {qubit: 0}')
        .replace('target: 5', 'target: 1')
        .replace('qubit: 7', 'qubit: 2'),
    );
    const errors = problems(page, { severity: 'error' });
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toHaveAttribute('data-line', '5');
    await expect(errors.nth(0)).toContainText(
      'unknown tag !Circut; did you mean !Circuit? The rest is checked as !Circuit',
    );
    await expect(errors.nth(1)).toHaveAttribute('data-line', '8');
    await expect(errors.nth(1)).toContainText('unknown gate tag !Hadamard');
    await expect(page.getByTestId('problem-warnings')).toHaveText('0');
    await expect(page.getByRole('button', { name: /Submit/ })).toBeDisabled();
    await expect(page.locator('.submit-reason')).toContainText(
      'Fix 2 errors in the payload first (line 5: !Circuit: unknown tag !Circut',
    );
    await page.screenshot({ path: reviewShot('editor-misspelt-tag-1280x800.png') });
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('editor-misspelt-tag-760.png') });
  });
});

test.describe('completion writes a valid skeleton (issue 25)', () => {
  test.use({ variant: 'B' });

  test('after `sampling_payload:`, inside it, and in an empty tab', async ({ page }) => {
    await editorReady(page);
    const check = page.getByTestId('payload-check');
    // After `sampling_payload:` only `null` was offered.
    const value = await completionRowsAt(page, 'type: sampling\nsampling_payload: \n', 2, '');
    expect(value[0]).toEqual({ label: 'sampling', description: 'required' });
    expect(value.map((r) => r.label)).not.toContain('null');
    expect(value.some((r) => r.label.startsWith('object('))).toBe(false);
    const first = page.locator('.monaco-editor .suggest-widget .monaco-list-row').first();
    await page.keyboard.press('Control+Space');
    await expect(first).toContainText('sampling');
    await page.keyboard.press('Enter');
    await expect(check).toHaveText(/valid/);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('sampling: !Sampling');

    // Inside it, `sampling` was a bare key that was then an error.
    const key = await completionRowsAt(page, 'type: sampling\nsampling_payload:\n  \n', 3, '');
    expect(key.map((r) => r.label)).toEqual(['sampling']);
    await page.keyboard.press('Control+Space');
    await expect(first).toContainText('sampling');
    await page.screenshot({ path: reviewShot('editor-completion-skeleton-1280x800.png') });
    await page.keyboard.press('Enter');
    await expect(check).toHaveText(/valid/);

    // A new, empty tab: no error before anything is typed, and whole payloads to start from.
    await page.getByRole('button', { name: 'New payload' }).click();
    await expect(problems(page, {})).toHaveCount(0);
    await expect(page.locator('.problems-empty')).toContainText('Nothing to check yet');
    await expect(check).toHaveText('empty');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Space');
    const rows = page.locator('.monaco-editor .suggest-widget .monaco-list-row');
    await expect(rows.first()).toContainText('type: sampling');
    await expect(rows.filter({ hasText: /^object/ })).toHaveCount(0);
    await page.setViewportSize({ width: 760, height: 800 });
    await page.screenshot({ path: reviewShot('editor-completion-empty-760.png') });
    await page.keyboard.press('Enter');
    await expect(check).toHaveText(/valid/);
  });
});
