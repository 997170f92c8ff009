/**
 * The simulator's physics at the sizes the issue names: a 22-qubit circuit, a million shots,
 * an error-controlled time evolution, and a variational loop.
 */
import { DEFAULT_ENGINE_LIMITS, runJob } from '../src/core/simulator/engine';
import type { EngineJob, PhysicalDevice } from '../src/core/simulator/engine';
import { measure } from './harness';

const exact: PhysicalDevice = {
  code: 'bench.exact',
  type: 'simulator',
  nqubits: 24,
  exact: true,
  qubits: Array.from({ length: 24 }, () => ({
    rabiRateMHz: 10,
    t1Us: 50,
    t2Us: 40,
    ground: { re: 1, im: 0 },
    excited: { re: -1, im: 0.5 },
    readoutError: 0,
  })),
};

function job(functionalYaml: string, executeType = 'sampling'): EngineJob {
  return {
    variant: 'B',
    executeType,
    functionalYaml,
    pathPrefix: `${executeType}_payload.${executeType}`,
    device: exact,
    seed: 7,
    limits: DEFAULT_ENGINE_LIMITS,
  };
}

function ghz(n: number, shots: number): string {
  const gates = ['  - !H {qubit: 0}'];
  for (let q = 1; q < n; q++) gates.push(`  - !CNOT {control: ${q - 1}, target: ${q}}`);
  for (let q = 0; q < n; q++) gates.push(`  - !RY {qubit: ${q}, theta: 0.3}`);
  return `!Sampling\nnshots: ${shots}\ncircuit: !Circuit\n  nqubits: ${n}\n  gates:\n${gates.map((g) => '  ' + g).join('\n')}`;
}

async function expectOk(j: EngineJob) {
  const out = await runJob(j);
  if (!out.ok) throw new Error(out.error);
}

await measure('22-qubit circuit, 65 gates, 1000 shots', { maxMs: 20_000, maxMiB: 600 }, () =>
  expectOk(job(ghz(22, 1000))),
);
await measure('12-qubit circuit, 1,000,000 shots', { maxMs: 10_000, maxMiB: 800 }, () =>
  expectOk(job(ghz(12, 1_000_000))),
);
await measure('8-qubit time evolution, T = 10, 40 samples', { maxMs: 20_000, maxMiB: 300 }, () =>
  expectOk(
    job(
      `!TimeEvolution
schedule: !Schedule
  T: 10
  dt: 0.25
  hamiltonians:
    driver: "X0 + X1 + X2 + X3 + X4 + X5 + X6 + X7"
    problem: "Z0 Z1 + Z1 Z2 + Z2 Z3 + Z3 Z4 + Z4 Z5 + Z5 Z6 + Z6 Z7 + 0.5 Z0"
  coefficients:
    driver: [[0, 1.0], [10, 0.0]]
    problem: [[0, 0.0], [10, 1.0]]
observables: ["Z0", "Z0 Z1", "X3"]
initial_state: "--------"
nshots: 0
store_intermediate_results: true`,
      'time_evolution',
    ),
  ),
);
