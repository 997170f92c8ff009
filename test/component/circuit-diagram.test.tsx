import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { documentToExecutePayload } from '../../src/shared/yaml';
import { payloadDiagram } from '../../src/shared/circuit-layout';
import type { CircuitDiagram, DiagramItem } from '../../src/shared/circuit-layout';
import { CircuitView } from '../../src/renderer/ui/circuit-diagram/CircuitView';
import { columnDensity, densityBars } from '../../src/renderer/ui/circuit-diagram/overview';
import '../../src/renderer/styles/theme.css';
import '../../src/renderer/styles/base.css';

/** The circuit diagram on its own, drawn from a payload read by the real dialect. */
let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  host.style.width = '900px';
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

function circuitOf(nqubits: number, gates: string[]): CircuitDiagram {
  const text = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    `      nqubits: ${nqubits}`,
    '      gates:',
    ...gates.map((g) => `        - ${g}`),
    '',
  ].join('\n');
  const { problems, read } = documentToExecutePayload('B', text, {}, { dialect: true });
  const d = payloadDiagram(read, problems, text);
  if (d.state !== 'circuits' || !d.circuits[0]) throw new Error('no circuit');
  return d.circuits[0];
}

const BELL_PLUS = circuitOf(3, [
  '!H {qubit: 0}', // line 8
  '!CNOT {control: 0, target: 1}',
  '!RX {qubit: 2, theta: !Parameter {name: theta, value: 0.5}}',
  '!SWAP {qubits: [0, 2]}',
  '!FOO {qubit: 1}',
  '!M {qubits: [0, 1, 2]}',
]);

function draw(circuit: CircuitDiagram, activeLine: number | null, chosen: DiagramItem[] = []) {
  root.render(
    <CircuitView
      circuit={circuit}
      label="Circuit diagram"
      zoom={1}
      activeLine={activeLine}
      onChoose={(item) => chosen.push(item)}
    />,
  );
}

describe('CircuitView', () => {
  it('names the diagram and each gate with its qubits, and marks the gate the dialect refused', async () => {
    draw(BELL_PLUS, null);
    const diagram = page.getByRole('group', { name: 'Circuit diagram' });
    await expect.element(diagram).toBeVisible();
    for (const name of [
      'H, qubit 0',
      'CNOT, control 0, target 1',
      'RX(theta = 0.5), qubit 2',
      'SWAP, qubits 0 and 2',
      'Measurement, qubits 0, 1 and 2',
    ])
      await expect.element(diagram.getByRole('button', { name, exact: true })).toBeVisible();
    const refused = diagram.getByRole('button', {
      name: /^!FOO, not read; problem: .*unknown gate/,
    });
    await expect.element(refused).toHaveClass(/has-problem/);
    await page.screenshot({ path: '../../test-results/screenshots/review/circuit-view.png' });
  });

  it('moves between gates with the arrow keys and chooses one with Enter or a click', async () => {
    const chosen: DiagramItem[] = [];
    draw(BELL_PLUS, null, chosen);
    const diagram = page.getByRole('group', { name: 'Circuit diagram' });
    const h = diagram.getByRole('button', { name: 'H, qubit 0' });
    // One tab stop: the first gate holds it, the others are reached by the keys.
    await expect.element(h).toHaveAttribute('tabindex', '0');
    await expect
      .element(diagram.getByRole('button', { name: 'CNOT, control 0, target 1' }))
      .toHaveAttribute('tabindex', '-1');
    (h.element() as SVGGElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(diagram.getByRole('button', { name: 'RX(theta = 0.5), qubit 2' }))
      .toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(diagram.getByRole('button', { name: 'CNOT, control 0, target 1' }))
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosen.map((i) => i.line)).toEqual([9]);
    await diagram.getByRole('button', { name: 'SWAP, qubits 0 and 2' }).click();
    expect(chosen.map((i) => i.line)).toEqual([9, 11]);
  });

  it('shows each parameter as name=value in its box, cut to fit; its name says it short, its tooltip in full', async () => {
    const params = circuitOf(3, [
      '!RX {qubit: 0, theta: !Parameter {name: theta, value: 0.5}}',
      '!RY {qubit: 1, theta: !Parameter {name: mixing_angle, value: 1.2345678}}',
      '!U3 {qubit: 2, theta: !Parameter {name: a, value: 0.4}, phi: 0.1, gamma: !Parameter {name: c, value: 2}}',
      '!RZ {qubit: 0, phi: !Parameter {name: gamma_0, value: -0.785398}}',
    ]);
    draw(params, null);
    const diagram = page.getByRole('group', { name: 'Circuit diagram' });
    // What a screen reader says (short numbers, as in the box), the tooltip, the box's text.
    const cases = [
      // Whole when it fits.
      ['RX(theta = 0.5), qubit 0', 'RX(theta = 0.5), qubit 0', 'theta=0.5'],
      // The value whole (three digits), the name cut.
      ['RY(mixing_angle = 1.23), qubit 1', 'RY(mixing_angle = 1.2345678), qubit 1', 'mi…=1.23'],
      // No room for a name beside a long value: the value.
      ['RZ(gamma_0 = -0.785), qubit 0', 'RZ(gamma_0 = -0.785398), qubit 0', '-0.785'],
      // Several angles too long together: their values.
      ['U3(a = 0.4, 0.1, c = 2), qubit 2', 'U3(a = 0.4, 0.1, c = 2), qubit 2', '0.4,0.1,2'],
    ] as const;
    for (const [name, title, inBox] of cases) {
      const gate = diagram.getByRole('button', { name, exact: true });
      await expect.element(gate).toBeVisible();
      const g = gate.element() as SVGGElement;
      expect(g.querySelector('.gate-angle')?.textContent).toBe(inBox);
      expect(g.querySelector('title')?.textContent).toBe(title);
      // The text stays inside its box.
      const text = (g.querySelector('.gate-angle') as SVGTextElement).getBBox();
      const box = (g.querySelector('rect:not(.circuit-hit)') as SVGRectElement).getBBox();
      expect(text.x).toBeGreaterThanOrEqual(box.x);
      expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width);
    }
    await page.viewport(1280, 800);
    await page.screenshot({
      path: '../../test-results/screenshots/review/circuit-parameters-1280x800.png',
    });
    await page.viewport(760, 800);
    await page.screenshot({
      path: '../../test-results/screenshots/review/circuit-parameters-760.png',
    });
    await page.viewport(1280, 800);
  });

  it('highlights the gate on the editor’s line and gives it the tab stop', async () => {
    draw(BELL_PLUS, 10);
    const rx = page.getByRole('button', { name: 'RX(theta = 0.5), qubit 2' });
    await expect.element(rx).toHaveAttribute('aria-current', 'true');
    await expect.element(rx).toHaveAttribute('tabindex', '0');
    await expect
      .element(page.getByRole('button', { name: 'H, qubit 0' }))
      .not.toHaveAttribute('aria-current');
  });

  it('draws only the columns in view of a 25,000-gate circuit, and the rest as it scrolls', async () => {
    const gates = Array.from({ length: 25_000 }, (_, i) => `!RY {qubit: ${i % 5}, theta: 0.25}`);
    const big = circuitOf(5, gates);
    expect(big.columns).toBe(5_000);
    draw(big, null);
    const diagram = page.getByRole('group', { name: 'Circuit diagram' });
    await expect.element(diagram.getByRole('button').first()).toBeVisible();
    const drawn = host.querySelectorAll('[data-index]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(200);
    const scroller = host.querySelector('.circuit-scroller') as HTMLDivElement;
    scroller.scrollLeft = scroller.scrollWidth;
    const last = diagram.getByRole('button', { name: 'RY(0.25), qubit 4' }).last();
    await expect.element(last).toHaveAttribute('data-index', '24999');
  });

  it('a wide circuit has an overview strip: click, drag and keys move the view', async () => {
    const gates = Array.from({ length: 25_000 }, (_, i) => `!RY {qubit: ${i % 5}, theta: 0.25}`);
    draw(circuitOf(5, gates), null);
    const strip = page.getByRole('slider', { name: 'Circuit overview: the columns in view' });
    await expect.element(strip).toBeVisible();
    const valueText = () => strip.element().getAttribute('aria-valuetext');
    expect(valueText()).toMatch(/^Columns 1 to \d+ of 5,000$/);
    const scroller = host.querySelector('.circuit-scroller') as HTMLDivElement;
    const range = scroller.scrollWidth - scroller.clientWidth;
    const el = strip.element() as HTMLElement;
    const { width } = el.getBoundingClientRect();
    // A click centres the view on the pointer: the middle of the strip, the middle of the circuit.
    await userEvent.click(el, { position: { x: width / 2, y: 8 } });
    await expect.poll(() => scroller.scrollLeft).toBeGreaterThan(range * 0.45);
    expect(scroller.scrollLeft).toBeLessThan(range * 0.55);
    await expect
      .poll(() => Number(host.querySelector('[data-index]')?.getAttribute('data-index')))
      .toBeGreaterThan(11_000);
    // Keys: End to the last column, Page Up back a whole view, Home to the start.
    (strip.element() as HTMLElement).focus();
    await userEvent.keyboard('{End}');
    await expect.poll(() => scroller.scrollLeft).toBe(range);
    await expect.poll(valueText).toMatch(/to 5000 of 5,000$/);
    await userEvent.keyboard('{PageUp}');
    await expect.poll(() => scroller.scrollLeft).toBe(range - scroller.clientWidth);
    await userEvent.keyboard('{Home}');
    await expect.poll(() => scroller.scrollLeft).toBe(0);
    // A drag of the mark from the start to a quarter of the strip takes the view along.
    await userEvent.dragAndDrop(el, el, {
      sourcePosition: { x: 2, y: 8 },
      targetPosition: { x: 2 + width / 4, y: 8 },
    });
    await expect.poll(() => scroller.scrollLeft).toBeGreaterThan(scroller.scrollWidth * 0.23);
    expect(scroller.scrollLeft).toBeLessThan(scroller.scrollWidth * 0.27);
    await page.screenshot({ path: '../../test-results/screenshots/review/circuit-overview.png' });
  });

  it('no strip for a circuit that fits; the strip’s bars say how full, and where problems are', async () => {
    draw(BELL_PLUS, null);
    await expect.element(page.getByRole('group', { name: 'Circuit diagram' })).toBeVisible();
    expect(host.querySelector('[data-testid="circuit-overview"]')).toBeNull();
    const density = columnDensity(BELL_PLUS);
    // !FOO (not read) spans every wire in its column; the H alone fills one wire of three.
    const foo = BELL_PLUS.items.find((i) => i.problem)!;
    expect(density.problems).toEqual([foo.column]);
    const bars = densityBars(density, density.columns);
    expect(bars[foo.column]).toBe(1);
    expect(bars[0]).toBeCloseTo(2 / 3); // H on 0 and RX on 2 share the first column
  });
});
