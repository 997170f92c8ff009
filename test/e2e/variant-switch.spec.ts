import { editorReady, problems, setEditorText } from './editor-page';
import { expect, reviewShot, test } from './fixtures';

/**
 * Issue 25: after a switch from a Variant A connection to a Variant B one, the tabs still open
 * hold Variant A payloads. Each says so above its text, instead of leaving the schema's raw
 * complaints unexplained, and offers what can be done: a conversion where the two variants say
 * the same thing, closing the tab otherwise.
 */
test.use({ variant: 'A' });

const SAMPLED_A = `# title: Sampled Bell pair
type: digital_propagation
digital_propagation_payload:
  digital_propagation: !DigitalPropagation
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
  readout:
    - !SamplingReadout {nshots: 200}
`;

test('tabs of the other variant say so, and convert or close', async ({ page }) => {
  await editorReady(page);
  const welcome = page.getByRole('tab', { selected: true });
  await expect(welcome).toContainText('Bell pair');
  await setEditorText(page, SAMPLED_A);
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(page.getByTestId('variant-banner')).toHaveCount(0);

  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Variant B/ }).click();
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant B');

  const banner = page.getByTestId('variant-banner');
  await expect(banner).toContainText('This is a Variant A payload.');
  await expect(banner).toContainText(
    'It can be converted to Variant B, meaning the same (Ctrl+Z undoes it).',
  );
  await expect(page.locator('.submit-reason')).toHaveText(
    'This is a Variant A payload and the connection speaks Variant B: convert it (above the editor) or use a Variant A connection.',
  );
  await page.screenshot({ path: reviewShot('variant-switch-convert-1280.png') });
  await page.setViewportSize({ width: 760, height: 800 });
  await page.screenshot({ path: reviewShot('variant-switch-convert-760.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await banner.getByRole('button', { name: 'Convert to Variant B' }).click();
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  await expect(banner).toHaveCount(0);
  await expect(problems(page, { severity: 'error' })).toHaveCount(0);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('sampling: !Sampling');

  // The welcome tab also reads expectation values and the state: Variant B has no such readouts.
  await page
    .getByRole('tab', { name: /Bell pair/ })
    .first()
    .click();
  await expect(banner).toContainText(
    'It is not converted: Variant B samples a circuit but has no expectation or state readouts',
  );
  await expect(banner.getByRole('button', { name: /Convert/ })).toHaveCount(0);
  await page.screenshot({ path: reviewShot('variant-switch-close-1280.png') });
  const tabs = page.getByRole('tab');
  const before = await tabs.count();
  await banner.getByRole('button', { name: 'Close this tab' }).click();
  await expect(tabs).toHaveCount(before - 1);
});
