import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CopyAsPythonButton } from '../../src/renderer/features/payload-views/CopyAsPythonButton';
import { useEditorStore } from '../../src/renderer/state/editor/store';
import type { VariantId } from '../../src/shared/variants';
import '../../src/renderer/styles/base.css';
import BELL_B from '../../resources/templates/b/bell.yaml?raw';

/**
 * "Copy as Python" on its own, in Chromium: the script of the tab in front for the variant,
 * copied and shown; the fallback when the browser refuses the clipboard; the generator's
 * reason when it does not cover the payload.
 */
function openTab(variant: VariantId, title: string, text: string) {
  useEditorStore.setState({
    status: 'ready',
    variant,
    tabs: [{ id: 't1', title, text, path: null, baseline: text, jobName: '' }],
    activeId: 't1',
  });
}

describe('Copy as Python', () => {
  let host: HTMLDivElement;
  let root: Root;
  const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<CopyAsPythonButton />);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    navigator.clipboard.writeText = writeText;
  });

  it('shows the script of the tab in front, as the generator writes it, and copies it', async () => {
    const copied: string[] = [];
    // The clipboard itself cannot be read back without a permission prompt: record the write.
    navigator.clipboard.writeText = (text: string) => {
      copied.push(text);
      return Promise.resolve();
    };
    openTab('B', 'bell.yaml', BELL_B);
    await page.getByRole('button', { name: 'Copy as Python' }).click();
    const script = page.getByRole('textbox', { name: 'Python script' });
    await expect.element(script).toBeVisible();
    const text = (script.element() as HTMLTextAreaElement).value;
    expect(text).toContain('from qilisdk.functionals import Sampling\n');
    expect(text).toContain('functional = Sampling(circuit, nshots=1000)');
    expect(text).toContain('DEVICE = "sim.statevector"');
    expect(text).toContain('job_name="Bell pair (sampling)"');
    await expect.element(page.getByRole('status')).toHaveTextContent(/Copied to the clipboard/);
    expect(copied).toEqual([text]);
  });

  it('when the browser refuses the clipboard, says so and leaves the script to select', async () => {
    // A refused clipboard (no permission, page not focused) cannot be caused on demand here.
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('denied', 'NotAllowedError'));
    openTab('B', 'bell.yaml', BELL_B);
    await page.getByRole('button', { name: 'Copy as Python' }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(/did not allow copying: select the script below/);
    await expect.element(page.getByRole('textbox', { name: 'Python script' })).toBeVisible();
  });

  it('says why a payload it cannot write gets no script', async () => {
    // qilisdk 0.1.6's T1Experiment has no pulse_duration: compile and the generator refuse it.
    const t1 =
      'type: t1_experiment\nt1_experiment_payload:\n  t1_experiment: !T1Experiment\n    qubit_id: 0\n    wait_times: [0, 1000]\n    pulse_duration: 40\n';
    openTab('B', 't1.yaml', t1);
    await page.getByRole('button', { name: 'Copy as Python' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        "No Python script was written. qilisdk 0.1.6's T1Experiment has no pulse_duration (the simulator alone honours it): remove it to write the script",
      );
    await expect
      .element(page.getByRole('textbox', { name: 'Python script' }))
      .not.toBeInTheDocument();
  });

  it('is disabled for an empty tab', async () => {
    openTab('A', 'untitled', '  ');
    await expect.element(page.getByRole('button', { name: 'Copy as Python' })).toBeDisabled();
  });
});
