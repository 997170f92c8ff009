/**
 * Opening a job's payload as the service returns it (the SDK's form) for people: the Payload
 * tab, "Open in editor", Run again (`openServicePayload`: read, print friendly, compile again,
 * compare). Its cost must grow with the payload, not with its square: Variant B circuits carry
 * an alias per gate (`_parameters: *id001`), and following each alias by walking the whole
 * document made a 800-gate circuit take 12 s. Measured as the time for a circuit four times
 * larger over four times the time for the small one (1 = linear), CPU time, interleaved.
 */
import { compilePayload } from '../src/shared/sdk/compile/compile-payload';
import { openServicePayload } from '../src/shared/sdk/decompile/open-service-payload';
import type { ExecutePayload } from '../src/shared/variants/payload';
import { interleaved, reportRatio } from './harness';

function samplingPayload(gates: number): ExecutePayload {
  const lines: string[] = [];
  for (let i = 0; i < gates; i++) {
    const q = i % 5;
    if (i % 3 === 0) lines.push(`        - !RX {qubit: ${q}, theta: ${(0.01 * i).toFixed(2)}}`);
    else if (i % 3 === 1) lines.push(`        - !CNOT {control: ${q}, target: ${(q + 1) % 5}}`);
    else lines.push(`        - !H {qubit: ${q}}`);
  }
  const text = [
    'type: sampling',
    'sampling_payload:',
    '  sampling: !Sampling',
    '    nshots: 100',
    '    circuit: !Circuit',
    '      nqubits: 5',
    '      gates:',
    ...lines,
    '',
  ].join('\n');
  const compiled = compilePayload('B', text);
  if (!compiled.payload) throw new Error(`decompile bench: ${compiled.problems[0]?.message}`);
  return compiled.payload;
}

function open(payload: ExecutePayload): void {
  const opened = openServicePayload('B', payload);
  if (opened.kept.length > 0) throw new Error(`decompile bench: kept ${opened.kept[0]?.reason}`);
}

const SMALL = 100;
const LARGE = 400;
const small = samplingPayload(SMALL);
const large = samplingPayload(LARGE);
open(small);
open(large);
const t = await interleaved({ small: () => open(small), large: () => open(large) }, 3, 'cpu');
reportRatio({
  section: 'sdk-wire',
  name: `open a Variant B service payload: ${LARGE} gates / (${LARGE / SMALL} × ${SMALL} gates)`,
  value: t.large! / ((LARGE / SMALL) * t.small!),
  meaning: 'growth over linear (1 = linear)',
  target: { atMost: 2 },
  detail: { smallMs: Math.round(t.small!), largeMs: Math.round(t.large!) },
});
