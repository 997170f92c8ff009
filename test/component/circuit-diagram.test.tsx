import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { documentToExecutePayload } from '../../src/shared/yaml';
import { payloadDiagram } from '../../src/shared/circuit-layout';
import type { CircuitDiagram, DiagramItem } from '../../src/shared/circuit-layout';
import { CircuitView } from '../../src/renderer/ui/circuit-diagram/CircuitView';
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
      'RX(theta), qubit 2',
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
    await expect.element(diagram.getByRole('button', { name: 'RX(theta), qubit 2' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(diagram.getByRole('button', { name: 'CNOT, control 0, target 1' }))
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosen.map((i) => i.line)).toEqual([9]);
    await diagram.getByRole('button', { name: 'SWAP, qubits 0 and 2' }).click();
    expect(chosen.map((i) => i.line)).toEqual([9, 11]);
  });

  it('highlights the gate on the editor’s line and gives it the tab stop', async () => {
    draw(BELL_PLUS, 10);
    const rx = page.getByRole('button', { name: 'RX(theta), qubit 2' });
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
});
