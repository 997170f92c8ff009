import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  completionsAt,
  editorReady,
  problems,
  setEditorText,
  squiggleLines,
  token,
} from './editor-page';
import { expect, type Page, shot, test } from './fixtures';

/**
 * The payload editor in browser mode against the real core and simulator: templates validate
 * clean, errors and code tags show as markers on their lines (read through the DOM: the
 * Problems list and Monaco's squiggles), the variant decides what is valid, monaco-yaml's own
 * worker really validates, and a submit returns a job id.
 */
test.use({ variant: 'B' });

const VALID_B = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 100
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
`;

/** How many templates a variant ships (the menu must offer each). */
function templateCount(variant: 'a' | 'b'): number {
  const dir = new URL(`../../resources/templates/${variant}`, import.meta.url);
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).length;
}

/** Opens every template the menu offers (the active variant's) and expects each to check clean. */
async function expectEveryTemplateClean(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'New from template' }).click();
  const items = page.getByRole('menu', { name: 'New from template' }).getByRole('menuitem');
  const count = await items.count();
  await page.keyboard.press('Escape');
  for (let i = 0; i < count; i++) {
    await page.getByRole('button', { name: 'New from template' }).click();
    const item = page.getByRole('menu', { name: 'New from template' }).getByRole('menuitem').nth(i);
    const title = (await item.locator('.menu-label').textContent()) ?? '';
    await item.click();
    await expect(page.getByRole('tab', { selected: true })).toContainText(title);
    await editorReady(page);
    await expect(page.getByTestId('payload-check'), title).toHaveText(/valid/);
    // No warning either: the dialect knows every tag and key the templates use.
    await expect(problems(page, {}), title).toHaveCount(0);
  }
  return count;
}

test('the welcome payload and every template of the variant validate clean', async ({ page }) => {
  await editorReady(page);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(page.getByTestId('problem-errors')).toHaveText('0');
  await expect(page.locator('.monaco-editor .squiggly-error')).toHaveCount(0);
  expect(await expectEveryTemplateClean(page)).toBe(templateCount('b'));
});

test('an introduced error shows a marker at its line', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B.replace('type: sampling', 'type: sampling\nshots_total: 5'));
  const own = problems(page, { source: 'qjob', severity: 'error' });
  await expect(own).toHaveCount(1);
  await expect(own).toHaveAttribute('data-line', '2');
  await expect(own).toContainText('shots_total');
  await expect.poll(() => squiggleLines(page, 'error')).toContain(2);
  await expect(page.getByRole('button', { name: /Submit/ })).toBeDisabled();
  await expect(page.locator('.submit-reason')).toContainText('line 2');

  // A YAML syntax error is placed on its own line too.
  await setEditorText(page, VALID_B.replace('nqubits: 2', 'nqubits: [2'));
  await expect(problems(page, { source: 'qjob', severity: 'error' }).first()).toBeVisible();
  const lines = await problems(page, { source: 'qjob', severity: 'error' }).evaluateAll((rows) =>
    rows.map((r) => Number(r.getAttribute('data-line'))),
  );
  expect(lines.some((l) => l >= 6 && l <= 10)).toBe(true);
});

test('the exactly-one rule is marked on the payload field that breaks it', async ({ page }) => {
  await editorReady(page);
  const text = VALID_B.replace('type: sampling', 'type: time_evolution');
  await setEditorText(page, text);
  const rule = problems(page, { source: 'qjob', severity: 'error' }).filter({
    hasText: "remove 'sampling_payload'",
  });
  await expect(rule.first()).toBeVisible();
  await expect(rule.first()).toHaveAttribute('data-line', '2');
});

test('a code-bearing tag shows its warning and does not block submit', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B.replace('nshots: 100', 'nshots: !function "lambda: 100"'));
  const warning = problems(page, { source: 'qjob', severity: 'warning' });
  await expect(warning).toHaveCount(1);
  await expect(warning).toHaveAttribute('data-line', '4');
  await expect(warning).toContainText('!function');
  await expect.poll(() => squiggleLines(page, 'warning')).toContain(4);
  await expect(page.locator('.preflight-warnings')).toContainText(
    'carries code that the service would run (line 4)',
  );
  await expect(page.getByRole('button', { name: /Submit/ })).toBeEnabled();
});

test('a schema problem is reported once, by the payload check', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, `${VALID_B}extra_top_level: 1\n`);
  const unknown = problems(page, {}).filter({ hasText: 'extra_top_level' });
  await expect(unknown).toHaveCount(1);
  await expect(unknown).toHaveAttribute('data-line', '10');
  await expect(unknown).toHaveAttribute('data-severity', 'error');

  await setEditorText(page, VALID_B.replace('type: sampling', 'type: rabi'));
  const enumProblem = problems(page, {}).filter({ hasText: 'expected one of' });
  await expect(enumProblem).toHaveCount(1);
  await expect(enumProblem).toHaveAttribute('data-line', '1');
  // One checker speaks: monaco-yaml completes and hovers but does not validate.
  await expect(problems(page, { source: 'yaml' })).toHaveCount(0);
});

const TIME_EVOLUTION_B = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 1.0
      dt: 0.01
      hamiltonians: {drive: "X0 + X1 + X2", zz: "0.5 Z0 Z1"}
      coefficients: {drive: [[0, 1], [1, 1]], zz: [[0, 1], [1, 1]]}
    observables: ["Z0", "Z1"]
    initial_state: "000"
    nshots: 0
`;

test('pre-flight offers only devices that fit and warns about width and status', async ({
  page,
}) => {
  await editorReady(page);
  const picker = page.getByRole('radiogroup', { name: 'Device' });

  // A circuit: the simulator and the digital QPUs, not the analog ones.
  await setEditorText(page, VALID_B);
  await expect(page.getByTestId('payload-kind')).toHaveText('Sampling');
  await expect(picker.getByRole('radio', { name: /Sirius/ })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /Vega/ })).toHaveCount(0);
  await expect(page.getByText(/devices? hidden: .* run a circuit/)).toBeVisible();

  await picker.getByRole('radio', { name: /Altair/ }).check();
  await expect(page.locator('.preflight-warnings')).toContainText(
    'Altair is under maintenance: the job will wait in its queue until Altair is back online.',
  );

  await setEditorText(page, VALID_B.replace('nqubits: 2', 'nqubits: 6'));
  await expect(page.getByTestId('payload-qubits')).toHaveText('6');
  await picker.getByRole('radio', { name: /Sirius/ }).check();
  await expect(page.locator('.preflight-warnings')).toContainText('needs 6 qubits');
  await expect(page.locator('.preflight-warnings')).toContainText('Sirius has 5');

  // A schedule: the width comes from its Pauli terms; only analog QPUs and the simulator fit.
  await setEditorText(page, TIME_EVOLUTION_B);
  await expect(page.getByTestId('payload-kind')).toHaveText('Time evolution');
  await expect(picker.getByRole('radio', { name: /Vega/ })).toBeVisible();
  await expect(picker.getByRole('radio', { name: /Sirius/ })).toHaveCount(0);
  await expect(page.getByTestId('payload-qubits')).toHaveText('3');
});

test('a tag outside the dialect is a warning, not an error', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B.replace('nshots: 100', 'nshots: !VendorShots 100'));
  const tag = problems(page, {}).filter({ hasText: '!VendorShots' });
  await expect(tag).toHaveCount(1);
  await expect(tag).toHaveAttribute('data-severity', 'warning');
  await expect(tag).toContainText('is not a tag of the payload dialect');
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(page.getByRole('button', { name: /Submit/ })).toBeEnabled();
});

test('the SDK’s !tuple and !ndarray are known tags, not dialect warnings', async ({ page }) => {
  await editorReady(page);
  await setEditorText(
    page,
    `type: rabi_experiment
rabi_experiment_payload:
  rabi_experiment: !RabiExperiment
    qubit_id: 0
    drive_pulse_duration: !ndarray {dtype: float64, shape: !tuple [5], data: [0, 10, 20, 30, 40]}
    hint: !VendorHint {level: 2}
`,
  );
  // The unknown key is the control: once its warning is there, the dialect check has spoken.
  await expect(problems(page, {}).filter({ hasText: '"hint"' })).toHaveCount(1);
  await expect(problems(page, {}).filter({ hasText: /!tuple|!ndarray/ })).toHaveCount(0);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
});

test('switching the variant changes what is valid', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant B');

  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Variant A/ }).click();
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant A');
  await expect(page.getByTestId('payload-check')).toHaveText(/error/);
  await expect(problems(page, { source: 'qjob', severity: 'error' }).first()).toHaveAttribute(
    'data-line',
    '1',
  );

  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Variant B/ }).click();
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(problems(page, { severity: 'error' })).toHaveCount(0);
});

test('submit to the simulator returns a job id and links to the job', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B);
  await expect(page.getByRole('radio', { name: /State-vector|simulator/i }).first()).toBeChecked();
  await page.getByLabel('Job name').fill('e2e bell');
  const submit = page.getByRole('button', { name: /Submit/ });
  await expect(submit).toBeEnabled();
  await submit.click();
  const id = page.getByTestId('submitted-job-id');
  await expect(id).toHaveText(/^\d+$/);
  const jobId = await id.textContent();
  await page.getByRole('button', { name: `Open job ${jobId}` }).click();
  await expect(page.getByRole('button', { name: 'Jobs', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Ctrl/Cmd+Enter submits from inside the editor.
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('submitted-job-id')).not.toHaveText(jobId ?? '');

  // The outcome belongs to the tab that submitted: another tab shows its own devices, not
  // old news; back on the first tab it is there again until dismissed.
  const title = (await page.getByRole('tab', { selected: true }).textContent())!.trim();
  const submittedFrom = page.getByRole('tab').filter({ hasText: title });
  await page.getByRole('button', { name: 'New payload' }).click();
  await expect(page.getByTestId('submit-outcome')).toHaveCount(0);
  await submittedFrom.click();
  await expect(page.getByTestId('submit-outcome')).toBeVisible();
  await page.getByTestId('submit-outcome').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('submit-outcome')).toHaveCount(0);
});

test('Ctrl+Enter while the payload is still being checked submits it when the check is done', async ({
  page,
}) => {
  await editorReady(page);
  await setEditorText(page, VALID_B);
  await page.getByLabel('Job name').fill('sent while checking');
  await page.locator('.monaco-editor .view-lines').click();
  // Typing restarts the check, which waits for a pause in the typing: the key comes first.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# one more line');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('submitted-job-id')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('status-notice')).not.toContainText('Cannot submit');
});

test('tabs: new, rename, unsaved dot, guarded close, drafts survive a reload', async ({ page }) => {
  await editorReady(page);
  await page.getByRole('button', { name: 'New payload' }).click();
  const tab = page.getByRole('tab', { selected: true });
  await expect(tab).toContainText('Untitled-1.yaml');
  await expect(tab).not.toContainText('unsaved changes');
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.type('type: sampling');
  await expect(tab).toContainText('unsaved changes');

  await tab.press('F2');
  await page.getByLabel('Tab name').fill('bell-pair.yaml');
  await page.getByLabel('Tab name').press('Enter');
  await expect(page.getByRole('tab', { selected: true })).toContainText('bell-pair.yaml');

  // Autosaved drafts come back after a reload (and after a crash).
  await page.waitForTimeout(1500);
  await page.reload();
  await editorReady(page);
  await expect(page.getByRole('tab', { name: /bell-pair\.yaml/ })).toBeVisible();

  await page.getByRole('tab', { name: /bell-pair\.yaml/ }).click();
  await page.getByRole('button', { name: /Close bell-pair\.yaml/ }).click();
  const dialog = page.getByRole('dialog', { name: /Save changes to bell-pair\.yaml/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab', { name: /bell-pair\.yaml/ })).toBeVisible();
  await page.getByRole('button', { name: /Close bell-pair\.yaml/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Don’t save' }).click();
  await expect(page.getByRole('tab', { name: /bell-pair\.yaml/ })).toHaveCount(0);
});

test('screenshots of the editor', async ({ page }) => {
  // A template, checked clean, submitted to the simulator.
  await editorReady(page);
  await page.getByRole('button', { name: /Submit/ }).click();
  await expect(page.getByTestId('submitted-job-id')).toHaveText(/^\d+$/);
  await page.screenshot({ path: shot('editor-1280x800.png') });

  // The same window at 125 % zoom is 1024 CSS pixels wide.
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('editor-1024x640.png') });

  // Problems from both checkers, and a code-bearing tag.
  await page.setViewportSize({ width: 1280, height: 800 });
  await setEditorText(
    page,
    VALID_B.replace('nshots: 100', 'nshots: !function "lambda: 100"') + 'extra: 1\n',
  );
  await expect(problems(page, { source: 'qjob' })).toHaveCount(2);
  await page.screenshot({ path: shot('editor-problems-1280x800.png') });
  await page.setViewportSize({ width: 900, height: 700 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('editor-problems-900x700.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot('editor-problems-dark-1280x800.png') });
});

test('hovering a payload key shows its description from the specification', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B);
  // The description comes from the JSON Schema, through monaco-yaml's worker.
  await token(page, 'sampling_payload').hover();
  const hover = page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'spec §2.5' });
  await expect(hover).toBeVisible();
  await expect(hover).toContainText('SamplingPayload (spec §2.5): populated when');
  await expect(hover).toContainText('sampling');

  await page.mouse.move(0, 0);
  await expect(hover).toBeHidden();
  await token(page, 'type').hover();
  await expect(
    page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'ExecuteType' }),
  ).toContainText('the discriminator of what is executed (spec §2.4)');
});

test('completion offers the keys and values the variant allows', async ({ page }) => {
  await editorReady(page);
  // A top-level key of Variant B: its five payload fields, none of Variant A's.
  let labels = await completionsAt(page, 'type: sampling\n', 2, 'payload');
  expect(labels).toEqual(
    expect.arrayContaining([
      'sampling_payload',
      'time_evolution_payload',
      'variational_program_payload',
      'rabi_experiment_payload',
      't1_experiment_payload',
    ]),
  );
  expect(labels).not.toContain('digital_propagation_payload');
  expect(labels).not.toContain('experiment_payload');

  // A value of `type`: Variant B's execute types.
  labels = await completionsAt(page, 'type: \n', 1, 'experiment');
  expect(labels).toEqual(expect.arrayContaining(['rabi_experiment', 't1_experiment']));
  expect(labels).not.toContain('experiment'); // Variant A's

  // Switched to Variant A, the same places offer Variant A's.
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Variant A/ }).click();
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant A');
  labels = await completionsAt(page, 'type: experiment\n', 2, 'payload');
  expect(labels).toEqual(
    expect.arrayContaining(['digital_propagation_payload', 'experiment_payload']),
  );
  expect(labels).not.toContain('sampling_payload');
  labels = await completionsAt(page, 'type: \n', 1, 'experiment');
  expect(labels).toContain('experiment');
  expect(labels).not.toContain('rabi_experiment');
});

test('save in browser mode downloads the tab’s text under its name', async ({ page }) => {
  await editorReady(page);
  await setEditorText(page, VALID_B);
  const tab = page.getByRole('tab', { selected: true });
  const name = ((await tab.textContent()) ?? '').match(/case-\d+\.yaml/)?.[0];
  expect(name).toBeTruthy();
  // An edit the file on disk does not have yet.
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('# saved from the editor');
  await page.keyboard.press('Enter');
  await expect(tab).toContainText('unsaved changes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const saved = await readFile(await file.path(), 'utf8');
  expect(saved).toBe(`# saved from the editor\n${VALID_B}`);
  await expect(tab).not.toContainText('unsaved changes');
});

test.describe('under the CSP', () => {
  test.use({ openApp: false });

  test('every worker is a bundled file (no blob:) and nothing is refused', async ({
    page,
    studio,
    pageErrors,
  }) => {
    // Recorded from the first script on, so a refused worker cannot go unseen.
    await page.addInitScript(() => {
      // In the page; the e2e project has no DOM typings.
      interface Violation {
        violatedDirective: string;
        blockedURI: string;
        sourceFile: string;
        lineNumber: number;
        columnNumber: number;
      }
      const win = globalThis as unknown as {
        cspViolations: string[];
        addEventListener(type: string, listener: (e: Violation) => void): void;
      };
      const seen: string[] = [];
      win.cspViolations = seen;
      win.addEventListener('securitypolicyviolation', (v) => {
        seen.push(
          `${v.violatedDirective} ${v.blockedURI} at ${v.sourceFile}:${v.lineNumber}:${v.columnNumber}`,
        );
      });
    });
    await page.goto(studio.url);
    await editorReady(page);
    // monaco-yaml's worker answers (the schema's values of `type`) ...
    expect(await completionsAt(page, 'type: \n', 1, 'sampl')).toContain('sampling');
    // ... and Monaco's own editor worker runs (word ranges, links, unicode checks).
    await expect
      .poll(() => page.workers().map((w) => new URL(w.url()).pathname))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/assets\/yaml\.worker-[\w-]+\.js$/),
          expect.stringMatching(/^\/assets\/editor\.worker-[\w-]+\.js$/),
          expect.stringMatching(/^\/assets\/analysis\.worker-[\w-]+\.js$/),
        ]),
      );
    for (const worker of page.workers()) {
      expect(worker.url()).toMatch(new RegExp(`^${studio.origin}/assets/`));
    }
    const violations = await page.evaluate(
      () => (globalThis as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    expect(pageErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});

test.describe('Variant A', () => {
  test.use({ variant: 'A', simulatorSpeed: 1 });

  test('the welcome payload and every Variant A template validate clean', async ({ page }) => {
    await editorReady(page);
    await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant A');
    await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
    expect(await expectEveryTemplateClean(page)).toBe(templateCount('a'));
  });

  test('the service’s message on the job handle is shown with the job id', async ({ page }) => {
    await editorReady(page);
    // The welcome payload is Variant A's Bell template; Altair is in maintenance at start, and
    // Variant A's job handle then carries the service's notice about it.
    await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
    await page
      .getByRole('radiogroup', { name: 'Device' })
      .getByRole('radio', { name: /Altair/ })
      .check();
    await expect(page.locator('.preflight-warnings')).toContainText(
      'Altair is under maintenance: the job will wait in its queue until Altair is back online.',
    );
    await page.getByRole('button', { name: /Submit/ }).click();
    await expect(page.getByTestId('submitted-job-id')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('submit-outcome')).toContainText('The service says:');
  });
});
