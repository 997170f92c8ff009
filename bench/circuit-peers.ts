/**
 * Each side of the circuits race, running a `BenchCircuit` from |0…0⟩ to its final state:
 * this engine, the textbook loop, quantum-circuit (a JavaScript simulator on npm) and
 * qsharp-lang (Microsoft's Q# compiler and simulator, Rust compiled to WebAssembly). Each side
 * also answers with its probabilities in the engine's index order (bit q is qubit q), so the
 * bench checks every side computes the same state before it times any of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import QuantumCircuit from 'quantum-circuit';
import * as qsharp from 'qsharp-lang';
import type { Circuit } from '../src/shared/dialect/circuit';
import { parseJob } from '../src/shared/dialect/job-model';
import type { CircuitOptions } from '../src/simulator/engine/circuits/run-ops';
import { simulateCircuit, toStateVector } from '../src/simulator/engine/circuits/simulate';
import type { SparseState } from '../src/simulator/engine/circuits/sparse-state';
import { referenceState } from '../test/support/reference-circuit';
import type { StateVector } from '../src/simulator/engine/physics/state-vector';
import { Work } from '../src/simulator/engine/work';
import type { BenchCircuit, BenchGate } from './circuit-problems';

const NONE = new Map<string, number>();

// ---- this engine and the textbook loop: the dialect, parsed as a job's payload is ----

function dialectGate(g: BenchGate): string {
  const [a, b] = g.qubits;
  switch (g.name) {
    case 'H':
      return `!H {qubit: ${a}}`;
    case 'RX':
    case 'RY':
      return `!${g.name} {qubit: ${a}, theta: ${g.angle}}`;
    case 'RZ':
      return `!RZ {qubit: ${a}, phi: ${g.angle}}`;
    case 'CNOT':
    case 'CZ':
      return `!${g.name} {control: ${a}, target: ${b}}`;
    case 'SWAP':
      return `!SWAP {qubits: [${a}, ${b}]}`;
    case 'CU1':
      return `!CU1 {control: ${a}, target: ${b}, phi: ${g.angle}}`;
  }
}

/** A `!Sampling` payload of these gates (dialect flow mappings), as a user would submit it. */
export function samplingYaml(nqubits: number, gates: string[], nshots = 1000): string {
  const lines = gates.map((g) => `    - ${g}`).join('\n');
  return `!Sampling\nnshots: ${nshots}\ncircuit: !Circuit\n  nqubits: ${nqubits}\n  gates:\n${lines}\n`;
}

/** Gates written in the dialect, parsed as the engine receives them (once, outside any timing). */
export function parseGates(nqubits: number, gates: string[]): Circuit {
  const parsed = parseJob({
    variant: 'B',
    executeType: 'sampling',
    functionalYaml: samplingYaml(nqubits, gates),
    pathPrefix: 'sampling_payload.sampling',
    device: { code: 'bench', type: 'simulator', nqubits },
    limits: { maxQubits: 30 },
  });
  if (parsed.functional.kind !== 'sampling') throw new Error('expected a !Sampling');
  return parsed.functional.circuit;
}

/** The circuit's gates in the dialect, one flow mapping each. */
export function dialectGates(c: BenchCircuit): string[] {
  return c.gates.map(dialectGate);
}

export function parsedCircuit(c: BenchCircuit): Circuit {
  return parseGates(c.nqubits, dialectGates(c));
}

/** This engine from |0…0⟩, as a job runs it: sparse or dense, threads as configured. */
export function ours(circuit: Circuit, o: CircuitOptions = {}): Promise<SparseState | StateVector> {
  return simulateCircuit(circuit, NONE, Work.root(), o);
}

export async function oursProbabilities(circuit: Circuit): Promise<Float64Array> {
  return toStateVector(await ours(circuit)).probabilities();
}

export function naive(circuit: Circuit): StateVector {
  return referenceState(circuit, NONE);
}

// ---- quantum-circuit ----

export function quantumCircuitRun(c: BenchCircuit): QuantumCircuit {
  const qc = new QuantumCircuit(c.nqubits);
  for (const g of c.gates) {
    const name = g.name === 'CNOT' ? 'cx' : g.name.toLowerCase();
    const key = { RX: 'theta', RY: 'theta', RZ: 'phi', CU1: 'lambda' }[g.name as string];
    const params: Record<string, number> | null = key && 'angle' in g ? { [key]: g.angle } : null;
    qc.appendGate(
      name,
      g.qubits.length === 1 ? g.qubits[0] : g.qubits,
      params ? { params } : undefined,
    );
  }
  qc.run();
  return qc;
}

export function quantumCircuitProbabilities(c: BenchCircuit): Float64Array {
  const p = new Float64Array(2 ** c.nqubits);
  for (const [index, { re, im }] of Object.entries(quantumCircuitRun(c).state))
    p[Number(index)] = re * re + im * im;
  return p;
}

// ---- qsharp-lang ----

let compiler: qsharp.ICompiler | null = null;

/** The Q# compiler, its WebAssembly loaded from the installed package. */
export async function qsharpCompiler(): Promise<qsharp.ICompiler> {
  if (compiler) return compiler;
  const entry = createRequire(import.meta.url).resolve('qsharp-lang');
  const wasm = readFileSync(join(dirname(entry), '..', 'lib', 'web', 'qsc_wasm_bg.wasm'));
  await qsharp.loadWasmModule(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length));
  compiler = await qsharp.getCompiler();
  return compiler;
}

/** A Q# Double literal (an integer literal would be an Int). */
const dbl = (x: number) => x.toExponential(17);

function qsharpGate(g: BenchGate): string {
  const [a, b] = g.qubits;
  switch (g.name) {
    case 'H':
      return `H(q[${a}]);`;
    case 'RX':
      return `Rx(${dbl(g.angle)}, q[${a}]);`;
    case 'RY':
      return `Ry(${dbl(g.angle)}, q[${a}]);`;
    case 'RZ':
      return `Rz(${dbl(g.angle)}, q[${a}]);`;
    case 'CNOT':
      return `CNOT(q[${a}], q[${b}]);`;
    case 'CZ':
      return `CZ(q[${a}], q[${b}]);`;
    case 'SWAP':
      return `SWAP(q[${a}], q[${b}]);`;
    case 'CU1':
      return `Controlled R1([q[${a}]], (${dbl(g.angle)}, q[${b}]));`;
  }
}

/**
 * A Q# program that runs the gates `repeat` times over. With `repeat` 0 it compiles the same
 * code and runs none of it: the difference of the two times is the simulation alone, without
 * the compiler's share. With `dump` it reports the final state (the agreement check). The
 * qubits are released as they are (this simulator allows it), so no measurement is timed.
 */
export function qsharpProgram(c: BenchCircuit, repeat: number, dump = false): string {
  const body = c.gates.map(qsharpGate).join('\n      ');
  const dumpLine = dump ? 'Microsoft.Quantum.Diagnostics.DumpMachine();' : '';
  return `namespace Bench {
  operation Main() : Unit {
    use q = Qubit[${c.nqubits}];
    for _ in 1..${repeat} {
      ${body}
    }
    ${dumpLine}
  }
}`;
}

export async function qsharpRun(source: string): Promise<void> {
  const events = new qsharp.QscEventTarget(false);
  await (
    await qsharpCompiler()
  ).run({ sources: [['bench.qs', source]], languageFeatures: [] }, 'Bench.Main()', 1, events);
}

export async function qsharpProbabilities(c: BenchCircuit): Promise<Float64Array> {
  const p = new Float64Array(2 ** c.nqubits);
  const events = new qsharp.QscEventTarget(false);
  events.addEventListener('DumpMachine', (e) => {
    // Labels are |q0 q1 …⟩, qubit 0 leftmost.
    for (const [label, [re, im]] of Object.entries(e.detail.state)) {
      const bits = label.replace(/[|⟩]/g, '');
      let index = 0;
      for (let q = 0; q < bits.length; q++) if (bits[q] === '1') index |= 1 << q;
      p[index] = re * re + im * im;
    }
  });
  await (
    await qsharpCompiler()
  ).run(
    { sources: [['bench.qs', qsharpProgram(c, 1, true)]], languageFeatures: [] },
    'Bench.Main()',
    1,
    events,
  );
  return p;
}
