/**
 * Result YAML in the payload dialect (docs/payload-dialect.md), written the way the simulator and
 * the SDK write it, for the viewers' unit tests and the results a fake service returns in the
 * e2e tests. Pseudo-random but seeded, so every run draws the same data. Pure: no DOM, no Node.
 */

/** The simulator's own seeded generator (mulberry32), so the data is the same on every run. */
import { seededRandom as seeded } from '../../../../../src/simulator/random';

export { seeded };

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const complex = (re: number, im: number) => `!complex { real: ${re}, imag: ${im} }`;

/** A Bell pair measured `nshots` times. */
export function bellSampling(nshots = 1000, seed = 1): string {
  const random = seeded(seed);
  let zeros = 0;
  for (let i = 0; i < nshots; i++) if (random() < 0.5) zeros++;
  return `!SamplingResult\nnshots: ${nshots}\nnqubits: 2\nsamples:\n  "00": ${zeros}\n  "11": ${nshots - zeros}\n`;
}

/** Every one of 2^nqubits outcomes seen (a wide random circuit): counts 1..4 plus a few peaks. */
export function wideSampling(nqubits = 20, seed = 2): { yaml: string; nshots: number } {
  const random = seeded(seed);
  const n = 2 ** nqubits;
  const lines: string[] = [];
  let nshots = 0;
  for (let i = 0; i < n; i++) {
    const count = i % 65537 === 0 ? 200 + (i % 97) : 1 + Math.floor(random() * 4);
    nshots += count;
    lines.push(`  "${i.toString(2).padStart(nqubits, '0')}": ${count}`);
  }
  return {
    yaml: `!SamplingResult\nnshots: ${nshots}\nnqubits: ${nqubits}\nsamples:\n${lines.join('\n')}\n`,
    nshots,
  };
}

/** Two qubits under a transverse drive; Z0, Z1 and Z0 Z1 over time, and the final state. */
export function timeEvolution(steps = 200, T = 4): string {
  const rows: string[] = [];
  let last = [0, 0, 0];
  for (let i = 0; i <= steps; i++) {
    const t = (T * i) / steps;
    const z0 = Math.cos(2 * t);
    const z1 = Math.cos(2 * t) * Math.cos(0.5 * t);
    const zz = z0 * z1 + 0.1 * Math.sin(3 * t);
    last = [z0, z1, zz];
    rows.push(`  - [ ${t}, ${z0}, ${z1}, ${zz} ]`);
  }
  const c = Math.cos(T);
  const s = Math.sin(T);
  const state = [complex(c * c, 0), complex(0, -c * s), complex(0, -c * s), complex(-s * s, 0)];
  return (
    `!TimeEvolutionResult\nfinal_expected_values: [ ${last.join(', ')} ]\nexpected_values:\n${rows.join('\n')}\n` +
    `final_state:\n${state.map((a) => `  - ${a}`).join('\n')}\n`
  );
}

interface Iq {
  re: number;
  im: number;
}
const GROUND: Iq = { re: 0.8, im: 0.4 };
const EXCITED: Iq = { re: -0.62, im: 0.34 };

function s21(population: number, noise: number, random: () => number): string {
  const re = GROUND.re + (EXCITED.re - GROUND.re) * population + noise * gaussian(random);
  const im = GROUND.im + (EXCITED.im - GROUND.im) * population + noise * gaussian(random);
  return complex(re, im);
}

/** Rabi sweep: population sin²(π f t) with a slow decay; f in MHz, durations in ns. */
export function rabiPoints(durations: number[], fMHz = 6.2, seed = 3, noise = 0.015): string[] {
  const random = seeded(seed);
  return durations.map((t) => {
    const p = 0.5 - 0.5 * Math.cos(2 * Math.PI * (fMHz / 1000) * t) * Math.exp(-t / 4000);
    return s21(p, noise, random);
  });
}

export function rabiB(points = 51, stepNs = 4, fMHz = 6.2, seed = 3): string {
  const d = Array.from({ length: points }, (_, i) => i * stepNs);
  return `!RabiExperimentResult\ndrive_pulse_duration: [ ${d.join(', ')} ]\ns21:\n${rabiPoints(
    d,
    fMHz,
    seed,
  )
    .map((p) => `  - ${p}`)
    .join('\n')}\n`;
}

export function rabiA(points = 41, stepNs = 5, qubit = 1, averages = 500): string {
  const d = Array.from({ length: points }, (_, i) => i * stepNs);
  return (
    `!RabiExperimentResult\nqubit: ${qubit}\naverages: ${averages}\ndata:\n${rabiPoints(d, 5.1, 4)
      .map((p) => `  - ${p}`)
      .join('\n')}\n` +
    `dims:\n  - labels: [drive_duration]\n    values:\n      - [ ${d.join(', ')} ]\n`
  );
}

/** T1 sweep: population exp(−t/T1), waits in ns. */
export function t1Points(waits: number[], t1Ns = 52000, seed = 5, noise = 0.012): string[] {
  const random = seeded(seed);
  return waits.map((t) => s21(Math.exp(-t / t1Ns), noise, random));
}

export function t1B(points = 41, stepNs = 5000, t1Ns = 52000): string {
  const w = Array.from({ length: points }, (_, i) => i * stepNs);
  return `!T1ExperimentResult\nwait_times: [ ${w.join(', ')} ]\ns21:\n${t1Points(w, t1Ns)
    .map((p) => `  - ${p}`)
    .join('\n')}\n`;
}

export function t1A(points = 31, stepNs = 8000): string {
  const w = Array.from({ length: points }, (_, i) => i * stepNs);
  return (
    `!T1ExperimentResult\nqubit: 0\naverages: 2000\ndata:\n${t1Points(w, 61000, 6)
      .map((p) => `  - ${p}`)
      .join('\n')}\n` +
    `dims:\n  - labels: [wait_duration]\n    values:\n      - [ ${w.join(', ')} ]\n`
  );
}

/** An optimiser run that settles near −1.5, with a `!SamplingResult` or any inner result at the optimum. */
export function variational(inner: string, iterations = 30, seed = 7): string {
  const random = seeded(seed);
  const steps: string[] = [];
  let t0 = 0.1;
  let t1 = 0.2;
  let cost = 0;
  for (let i = 0; i < iterations; i++) {
    t0 += (3.12 - t0) * 0.25 + 0.05 * gaussian(random);
    t1 += (3.09 - t1) * 0.22 + 0.05 * gaussian(random);
    cost = -1.5 + 3 * Math.exp(-i / 5) + 0.02 * gaussian(random);
    steps.push(`    - cost: ${cost}\n      parameters:\n        t0: ${t0}\n        t1: ${t1}`);
  }
  const innerText = inner
    .trimEnd()
    .split('\n')
    .map((l, i) => (i === 0 ? l : `  ${l}`))
    .join('\n');
  return (
    `!VariationalProgramResult\noptimizer_result: !OptimizerResult\n  optimal_cost: ${cost}\n  optimal_parameters:\n` +
    `    t0: ${t0}\n    t1: ${t1}\n  intermediate_results:\n${steps.join('\n')}\nresult: ${innerText}\n`
  );
}

/** Variant A functional result: a sampling, an expectation and a tomography readout of 3 qubits. */
export function functionalA(): string {
  const r = 0.6642368153159851;
  const i = 0.24246536490574874;
  const state = [
    complex(r, 0),
    complex(0, -i),
    complex(0, 0),
    complex(0, 0),
    complex(0, 0),
    complex(0, 0),
    complex(r, 0),
    complex(0, -i),
  ];
  return `!FunctionalResult
readout_results:
  - !SamplingReadoutResult
    samples:
      "000": 213
      "001": 35
      "110": 224
      "111": 28
    probabilities:
      "000": 0.426
      "001": 0.07
      "110": 0.448
      "111": 0.056
  - !ExpectationReadoutResult
    expectation_values: [ 0, 0.9999999999999999, 0.7648421872844885 ]
    nshots: 0
  - !StateTomographyReadoutResult
    state:
${state.map((a) => `      - ${a}`).join('\n')}
intermediate_results:
  []
`;
}

/** Variant A quantum reservoir: one intermediate result per input. */
export function reservoirA(inputs = [0.1, 0.5, 1.2, 2.0]): string {
  const value = (u: number, k: number) => Math.cos(u * (k + 1)) * Math.exp(-0.2 * u);
  const step = (u: number) =>
    `  - input:\n      u: ${u}\n    readout_results:\n      - !ExpectationReadoutResult\n        expectation_values: [ ${value(u, 0)}, ${value(u, 1)} ]\n        nshots: 0`;
  const last = inputs[inputs.length - 1]!;
  return `!FunctionalResult
readout_results:
  - !ExpectationReadoutResult
    expectation_values: [ ${value(last, 0)}, ${value(last, 1)} ]
    nshots: 0
intermediate_results:
${inputs.map(step).join('\n')}
`;
}

/** A result no viewer knows, with nested tags. */
export const UNKNOWN_RESULT = `!QuantumVolumeResult
heavy_output_probability: 0.71
passed: true
circuits:
  - !CircuitSummary {depth: 4, width: 4, heavy_outputs: ["0110", "1001"]}
  - !CircuitSummary {depth: 4, width: 4, heavy_outputs: ["0011"]}
calibration: !function gASVSQAAAAAAAACMCGJ1aWx0aW5zlIwFcHJpbnSUk5Qu
`;

/** A known tag in a shape its viewer does not expect. */
export const MALFORMED_SAMPLING = `!SamplingResult
nshots: 100
nqubits: 2
samples: [ "00", "11" ]
`;

/** The SDK's attribute spelling (`_nshots`). */
export const SDK_UNDERSCORE_SAMPLING = `!SamplingResult
_nshots: 100
_nqubits: 1
_samples:
  '0': 61
  '1': 39
`;
