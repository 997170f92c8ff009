import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { PayloadViews } from '../../src/renderer/features/payload-views/PayloadViews';
import { useEditorStore } from '../../src/renderer/state/editor/store';
import '../../src/renderer/styles/base.css';
import RABI_B from '../../resources/templates/b/rabi.yaml?raw';

/** The sweep grid under the editor, in Chromium: the Rabi template's durations, point by point. */
describe('the sweep panel', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    useEditorStore.setState({
      status: 'ready',
      variant: 'B',
      tabs: [
        { id: 't1', title: 'rabi.yaml', text: RABI_B, path: null, baseline: RABI_B, jobName: '' },
      ],
      activeId: 't1',
    });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<PayloadViews />);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('plots the drive durations in order and says what they are; no schedule panel', async () => {
    const region = page.getByRole('region', { name: 'Experiment sweep' });
    await expect
      .element(
        region.getByRole('button', {
          name: /Sweep · Rabi on qubit 0 · 41 drive pulse durations, 0 to 1000 ns, every 25 ns/,
        }),
      )
      .toBeVisible();
    await region.getByRole('button', { name: 'Table' }).click();
    const cells = () =>
      [...host.querySelectorAll('.data-table tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td,th')].map((c) => c.textContent),
      );
    await expect.poll(() => cells().length).toBeGreaterThan(2);
    expect(cells().slice(0, 3)).toEqual([
      ['1', '0'],
      ['2', '25'],
      ['3', '50'],
    ]);
    expect(page.getByRole('region', { name: 'Schedule and Hamiltonians' }).elements()).toEqual([]);
  });
});
