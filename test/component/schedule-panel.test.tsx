import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SchedulePanel } from '../../src/renderer/features/payload-views/SchedulePanel';
import { useCaretStore } from '../../src/renderer/state/editor/caret';
import { useEditorStore } from '../../src/renderer/state/editor/store';
import type { VariantId } from '../../src/shared/variants';
import '../../src/renderer/styles/base.css';
import TIME_EVOLUTION_B from '../../resources/templates/b/time-evolution.yaml?raw';
import BELL_B from '../../resources/templates/b/bell.yaml?raw';
import SDK_B from '../fixtures/sdk/B-0.1.6/requests/b_te_linear_two_qubit.yaml?raw';

/**
 * The schedule panel on its own, in Chromium: the coefficients plotted (their values read from
 * the chart's table, equal to the coefficients at those times), the Hamiltonian terms with the
 * observed ones marked, nothing for a payload without a schedule; a coefficient's line in the
 * chart, or its name in the list, selects its lines in the editor (a request in the caret store).
 */
function openTab(variant: VariantId, text: string) {
  useEditorStore.setState({
    status: 'ready',
    variant,
    tabs: [{ id: 't1', title: 'p.yaml', text, path: null, baseline: text, jobName: '' }],
    activeId: 't1',
  });
}

const STEP = `type: time_evolution
time_evolution_payload:
  time_evolution: !TimeEvolution
    schedule: !Schedule
      T: 4
      dt: 1
      interpolation: step
      hamiltonians: {h: "Z0", g: "0.25 X0"}
      coefficients: {h: [[0, 0.5], [2, 1.5]], g: [[0, 0], [4, 2]]}
    observables: ["X0"]
    nshots: 0
`;

describe('the schedule panel', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('lists each Hamiltonian term and marks the observed ones', async () => {
    openTab('B', TIME_EVOLUTION_B);
    root.render(<SchedulePanel />);
    const list = page.getByTestId('hamiltonian-list');
    await expect.element(list).toBeVisible();
    await expect.element(list).toHaveTextContent(/driver \(linear\)1 · X01 · X1/);
    await expect
      .element(list)
      .toHaveTextContent(/problem \(linear\)1 · Z0 Z1observed0.5 · Z0observed/);
    await expect.element(list).toHaveTextContent(/ObservablesZ0Z1Z0 Z1/);
    await expect
      .element(
        page.getByRole('img', {
          name: /Schedule coefficients over time, 0 to 10: driver, problem/,
        }),
      )
      .toBeInTheDocument();
  });

  it('the chart’s values are the coefficients at those times, a step with its jump', async () => {
    openTab('B', STEP);
    root.render(<SchedulePanel />);
    await page.getByRole('button', { name: 'Table' }).click();
    const rows = page.getByRole('row');
    await expect.element(rows.nth(4)).toBeInTheDocument();
    const cells = [...document.querySelectorAll('.data-table tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td,th')].map((c) => c.textContent),
    );
    // t, h (step: 0.5 until 2, then 1.5), g (step: 0 until 4, then 2)
    expect(cells).toEqual([
      ['0', '0.5', '0'],
      ['2', '0.5', '0'],
      ['2', '1.5', '0'],
      ['4', '1.5', '0'],
      ['4', '1.5', '2'],
    ]);
  });

  it('collapses and expands', async () => {
    openTab('B', STEP);
    root.render(<SchedulePanel />);
    const toggle = page.getByRole('button', { name: /Schedule · T = 4, dt = 1 · 2 coefficients/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByTestId('hamiltonian-list')).not.toBeInTheDocument();
    (toggle.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('hamiltonian-list')).toBeVisible();
  });

  it('keeps a tab’s schedule, greyed, while its text does not read; not for another tab', async () => {
    openTab('B', STEP);
    root.render(<SchedulePanel />);
    await expect.element(page.getByTestId('hamiltonian-list')).toBeVisible();
    const broken = STEP.replace('nshots: 0', 'nshots: [');
    useEditorStore.setState({
      tabs: [
        { id: 't1', title: 'p.yaml', text: broken, path: null, baseline: broken, jobName: '' },
      ],
    });
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(/drawn once the payload reads/);
    await expect.element(page.getByTestId('hamiltonian-list')).toBeVisible();
    useEditorStore.setState({
      tabs: [
        { id: 't2', title: 'q.yaml', text: broken, path: null, baseline: broken, jobName: '' },
      ],
      activeId: 't2',
    });
    await expect.element(page.getByTestId('hamiltonian-list')).not.toBeInTheDocument();
  });

  it('a coefficient’s name selects its lines in the editor, by click or keyboard', async () => {
    useCaretStore.setState({ request: null });
    openTab('B', TIME_EVOLUTION_B);
    root.render(<SchedulePanel />);
    // The template: coefficients.driver on line 14, coefficients.problem on line 15.
    await page.getByRole('button', { name: /^problem: select its coefficient.*line 15/ }).click();
    expect(useCaretStore.getState().request).toEqual({ line: 15, endLine: 15 });
    const driver = page.getByRole('button', { name: /^driver: select its coefficient/ });
    (driver.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(useCaretStore.getState().request).toEqual({ line: 14, endLine: 14 });
  });

  it('finds the coefficients of the SDK’s form too (by their Hamiltonians’ labels)', async () => {
    openTab('B', SDK_B);
    root.render(<SchedulePanel />);
    const links = page.getByRole('button', { name: /select its coefficient in the editor/ });
    await expect.element(links.first()).toBeVisible();
    expect(links.elements()).toHaveLength(2);
    const lines = SDK_B.split('\n');
    for (const el of links.elements()) {
      const label = /^(\S+):/.exec(el.getAttribute('aria-label') ?? '')?.[1] ?? '';
      const line = Number(/line (\d+)$/.exec(el.getAttribute('aria-label') ?? '')?.[1]);
      expect(lines[line - 1]).toMatch(new RegExp(`^\\s*${label}:`));
    }
  });

  it('a click on a coefficient’s line in the chart selects its lines; off a line, nothing', async () => {
    useCaretStore.setState({ request: null });
    openTab('B', TIME_EVOLUTION_B);
    root.render(<SchedulePanel />);
    const chart = page.getByRole('img', { name: /Schedule coefficients over time/ });
    await expect.element(chart).toBeVisible();
    const over = await vi.waitUntil(() => host.querySelector<HTMLElement>('.u-over'));
    // At t = 2 the driver (1 → 0) is at 0.8, the problem (0 → 1) at 0.2: from the top down,
    // the first place the pointer turns to a hand is on the driver's line.
    const box = over.getBoundingClientRect();
    const x = box.width * 0.2;
    let y = 0;
    for (; y < box.height; y += 1) {
      over.dispatchEvent(
        new MouseEvent('mousemove', { clientX: box.left + x, clientY: box.top + y, bubbles: true }),
      );
      if (over.style.cursor === 'pointer') break;
    }
    expect(y).toBeLessThan(box.height);
    await userEvent.click(over, { position: { x, y: y + 3 } });
    expect(useCaretStore.getState().request).toEqual({ line: 14, endLine: 14 });
    useCaretStore.setState({ request: null });
    await userEvent.click(over, { position: { x, y: 1 } });
    expect(useCaretStore.getState().request).toBeNull();
  });

  it('shows nothing for a payload without a schedule', async () => {
    openTab('B', BELL_B);
    root.render(<SchedulePanel />);
    await new Promise((r) => setTimeout(r, 100));
    expect(host.querySelector('.pv-section')).toBeNull();
  });
});
