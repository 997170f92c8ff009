/**
 * The engine against the memory floor (issue 13), at 22 qubits (a 64 MiB state, larger than
 * this machine's L3, so every pass goes to memory):
 *
 * - each gate kernel alone, on every qubit, as a fraction of the copy bandwidth for the bytes it
 *   must touch (a gate that changes half the amplitudes in whole cache lines need only move half
 *   the lines). Target ≥ 75 % on every qubit; the row shows the worst qubit. One thread, so the
 *   fraction compares like with like.
 * - whole circuits as floor passes per gate: the circuit's time over (gates × one copy pass);
 * - the same circuits on one thread and on every core (section `threads`).
 *
 * The copy pass is timed interleaved with each measurement (`bench/memory-floor.ts`), so a busy
 * moment of a shared machine slows both, and the fastest of five counts on each side. A single
 * gate is timed without a forced collection before it (`interleaved`'s `collect`). A kernel's
 * four worst placements are measured a second time (fastest of nine), and the second
 * measurement is theirs: the minimum over many placements otherwise reports the unluckiest.
 */
import { availableParallelism } from 'node:os';
import type { Circuit } from '../src/shared/dialect/circuit';
import { zeroState } from '../src/simulator/engine/circuits/simulate';
import { runCircuit } from '../src/simulator/engine/circuits/circuit-runner';
import { Work } from '../src/simulator/engine/work';
import { qftOfDenseState, randomCircuit } from './circuit-problems';
import { ours, parseGates, parsedCircuit } from './circuit-peers';
import { seeded } from './fixtures';
import { interleaved, reportRatio } from './harness';

const N = 22;
const DIM = 2 ** N;
const NONE = new Map<string, number>();

const copySrc = [new Float64Array(DIM).fill(0.5), new Float64Array(DIM).fill(0.25)] as const;
const copyDst = [new Float64Array(DIM), new Float64Array(DIM)] as const;
function copyPass(): void {
  copyDst[0].set(copySrc[0]);
  copyDst[1].set(copySrc[1]);
}

/**
 * A dense normalised state: the kernels' input (every amplitude non-zero), where the engine
 * keeps a state (`zeroState`: WebAssembly memory, for its vector kernels).
 */
const state = (() => {
  const random = seeded(3);
  const { re, im } = zeroState(N, { threads: 1 });
  let norm = 0;
  for (let i = 0; i < DIM; i++) {
    re[i] = random() - 0.5;
    im[i] = random() - 0.5;
    norm += re[i]! ** 2 + im[i]! ** 2;
  }
  const s = 1 / Math.sqrt(norm);
  for (let i = 0; i < DIM; i++) {
    re[i]! *= s;
    im[i]! *= s;
  }
  return { re, im, columnOffset: null };
})();

/** Fraction of the state's cache lines (8 amplitudes each) a gate must read and write. */
const line = (q: number) => (q >= 3 ? 0.5 : 1);

interface Kernel {
  label: string;
  /** Dialect gate(s) on qubit q; two-qubit gates pair q with p. */
  gate: (q: number, p: number) => string;
  touched: (q: number, p: number) => number;
  twoQubit: boolean;
}

const KERNELS: Kernel[] = [
  {
    label: 'one-qubit 2×2, complex (U3)',
    gate: (q) => `!U3 {qubit: ${q}, theta: 0.3, phi: 0.2, gamma: 0.1}`,
    touched: () => 1,
    twoQubit: false,
  },
  {
    label: 'one-qubit 2×2, real (RY)',
    gate: (q) => `!RY {qubit: ${q}, theta: 0.3}`,
    touched: () => 1,
    twoQubit: false,
  },
  {
    label: 'diagonal (RZ)',
    gate: (q) => `!RZ {qubit: ${q}, phi: 0.3}`,
    touched: () => 1,
    twoQubit: false,
  },
  {
    label: 'phase (U1)',
    gate: (q) => `!U1 {qubit: ${q}, phi: 0.3}`,
    touched: (q) => line(q),
    twoQubit: false,
  },
  {
    label: 'CNOT',
    gate: (q, p) => `!CNOT {control: ${p}, target: ${q}}`,
    touched: (q, p) => line(p),
    twoQubit: true,
  },
  {
    label: 'CZ',
    gate: (q, p) => `!CZ {control: ${p}, target: ${q}}`,
    touched: (q, p) => line(p) * line(q),
    twoQubit: true,
  },
  {
    label: 'SWAP',
    gate: (q, p) => `!SWAP {qubits: [${q}, ${p}]}`,
    touched: (q, p) => Math.max(line(p), line(q)),
    twoQubit: true,
  },
  {
    label: 'controlled phase (CU1)',
    gate: (q, p) => `!CU1 {control: ${p}, target: ${q}, phi: 0.3}`,
    touched: (q, p) => line(p) * line(q),
    twoQubit: true,
  },
  {
    label: 'controlled rotation (CRY)',
    gate: (q, p) => `!CRY {control: ${p}, target: ${q}, theta: 0.3}`,
    touched: (q, p) => line(p),
    twoQubit: true,
  },
  {
    label: 'Toffoli (!Controlled CNOT)',
    gate: (q, p) =>
      `!Controlled {control_qubits: [${(p + N - 1) % N === q ? (p + 1) % N : (p + N - 1) % N}], basic_gate: !CNOT {control: ${p}, target: ${q}}}`,
    touched: (q, p) => line(p) * line((p + N - 1) % N === q ? (p + 1) % N : (p + N - 1) % N),
    twoQubit: true,
  },
];

async function timeGate(circuit: Circuit, runs = 5): Promise<{ floor: number; kernel: number }> {
  const t = await interleaved(
    {
      floor: copyPass,
      kernel: () => runCircuit(state, circuit, NONE, Work.root()),
    },
    runs,
    'wall',
    'min',
    false, // a gate is a few milliseconds and makes no garbage to speak of
  );
  return { floor: t.floor!, kernel: t.kernel! };
}

/** How many of a kernel's worst placements are measured a second time. */
const REMEASURED = 4;

for (const k of KERNELS) {
  const fraction = async (q: number, p: number, runs?: number) => {
    const t = await timeGate(parseGates(N, [k.gate(q, p)]), runs);
    return (t.floor * k.touched(q, p)) / t.kernel;
  };
  const fractions: { where: string; fraction: number; q: number; p: number }[] = [];
  for (let q = 0; q < N; q++) {
    const partners = k.twoQubit ? [(q + 1) % N, (q + N - 1) % N] : [q];
    for (const p of partners)
      fractions.push({
        where: k.twoQubit ? `(${p}, ${q})` : `${q}`,
        fraction: await fraction(q, p),
        q,
        p,
      });
  }
  // The lowest of 22–44 measurements picks the placement a busy moment hit as much as the
  // slowest one (Toffoli (12, 11) read 0.46 in one run and 1.44 in the next). The worst few are
  // measured again, apart from the first time, and that second measurement counts for them.
  fractions.sort((a, b) => a.fraction - b.fraction);
  const first: Record<string, number> = {};
  for (const f of fractions.slice(0, REMEASURED)) {
    first[f.where] = f.fraction;
    f.fraction = await fraction(f.q, f.p, 9);
  }
  fractions.sort((a, b) => a.fraction - b.fraction);
  const worst = fractions[0]!;
  reportRatio({
    section: 'floor',
    name: `${k.label} at ${N} q, worst ${k.twoQubit ? 'pair' : 'qubit'}`,
    value: worst.fraction,
    meaning: 'fraction of copy bandwidth for the bytes it must touch',
    target: { atLeast: 0.75 },
    detail: {
      worst: worst.where,
      median: fractions[fractions.length >> 1]!.fraction,
      best: fractions[fractions.length - 1]!.fraction,
      'measured again (first measurement)': Object.entries(first)
        .map(([where, f]) => `${where} ${f.toFixed(2)}`)
        .join(', '),
    },
  });
}

for (const c of [randomCircuit(N), qftOfDenseState(N)]) {
  const circuit = parsedCircuit(c);
  const t = await interleaved({ floor: copyPass, circuit: () => ours(circuit) }, 3, 'wall', 'min');
  reportRatio({
    section: 'floor',
    name: `${c.kind === 'qft' ? 'QFT of a dense state' : 'random depth-20'}, ${N} q: passes per gate`,
    value: t.circuit! / (c.gates.length * t.floor!),
    meaning: 'circuit time / (gates × one copy pass)',
    target: { atMost: 1 },
    detail: { gates: c.gates.length, 'circuit ms': t.circuit!, 'copy pass ms': t.floor! },
  });
}

// Scaling with threads: the same circuits on one thread and on every core. Informational: a
// laptop has 8 or more cores, this machine 2, shared with other work (a busy core gives none).
const cores = availableParallelism();
for (const c of [randomCircuit(N), qftOfDenseState(N)]) {
  const circuit = parsedCircuit(c);
  const t = await interleaved(
    { one: () => ours(circuit, { threads: 1 }), all: () => ours(circuit, { threads: cores }) },
    3,
    'wall',
    'min',
  );
  reportRatio({
    section: 'threads',
    name: `${c.kind === 'qft' ? 'QFT of a dense state' : 'random depth-20'}, ${N} q: 1 thread / ${cores}`,
    value: t.one! / t.all!,
    meaning: `time on 1 thread / on ${cores} (the cores here)`,
    target: {},
    detail: { '1 thread ms': t.one!, [`${cores} threads ms`]: t.all! },
  });
}
