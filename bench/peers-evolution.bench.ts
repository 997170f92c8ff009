/**
 * Time evolution against QuTiP (issue 13): the simulator's engine has to be no slower than
 * QuTiP's `sesolve` at 10 qubits at equal accuracy, and agree with it to 1e-8.
 *
 * The problem: a transverse-field Ising ramp on a chain of n = 2, 6, 10 qubits,
 * H(t) = (1 − t/T)·(−Σ X_i) + (t/T)·(−Σ Z_i Z_{i+1} − Σ h_i Z_i), T = 10, from |+…+⟩, with the
 * mean ⟨Z⟩ and the mean neighbour ⟨ZZ⟩ recorded at 101 times. Ours runs it as a whole job
 * (`runJob`: the payload read, the evolution, the result written); QuTiP builds its operators
 * and runs `sesolve` in a Python child process (bench/peers/qutip_evolution.py) that times
 * itself; scipy's DOP853 runs in the same process for comparison. Every side runs on one
 * thread and is timed on CPU time (see `interleaved`), interleaved, median of 5.
 *
 * Equal accuracy: each side's error is the largest |Δ⟨O⟩| over the 101 times and both
 * observables against a reference (scipy DOP853 at rtol 3e-14, independent of both sides).
 * The peers' tolerances are calibrated: the loosest tolerance of a ladder (rtol = atol) whose
 * run is within ACCURACY of the reference. Ours runs as shipped and must be within ACCURACY too.
 */
import { parseDocument } from 'yaml';
import { parseJob } from '../src/shared/dialect/job-model';
import { DEFAULT_ENGINE_LIMITS, runJob } from '../src/simulator/engine';
import type { EngineJob } from '../src/simulator/engine';
import { CATALOGUE } from '../src/simulator/devices/catalogue';
import { evolve } from '../src/simulator/engine/physics/evolution';
import { prepareState } from '../src/simulator/engine/physics/prepare';
import { Work } from '../src/simulator/engine/work';
import { SelfTimed, interleaved, reportRatio } from './harness';
import { PythonPeer, QUTIP_INSTALL, pythonMissing } from './peers/python-peer';

const SIZES = [2, 6, 10];
const T = 10;
const POINTS = 101;
/** The accuracy both sides are held to (largest |Δ⟨O⟩| against the reference). */
const ACCURACY = 1e-9;
/** How far ours may be from QuTiP's values. */
const AGREEMENT = 1e-8;
const LADDER = [1e-8, 3e-9, 1e-9, 3e-10, 1e-10, 3e-11, 1e-11, 3e-12, 1e-12, 3e-13, 1e-13, 3e-14];
const REFERENCE = { solver: 'dop853', rtol: 3e-14, atol: 1e-15 };
const RUNS = 5;

type Paulis = [number, string][];
interface Problem {
  nqubits: number;
  times: number[];
  initial: string;
  terms: { label: string; paulis: Paulis; points: [number, number][] }[];
  observables: Paulis[];
}
type Values = number[][];

function isingRamp(n: number): Problem {
  const range = (k: number) => Array.from({ length: k }, (_, i) => i);
  const chain = range(n - 1);
  return {
    nqubits: n,
    times: range(POINTS).map((k) => Number(((k * T) / (POINTS - 1)).toPrecision(12))),
    initial: '+'.repeat(n),
    terms: [
      {
        label: 'driver',
        paulis: range(n).map((i) => [-1, `X${i}`]),
        points: [
          [0, 1],
          [T, 0],
        ],
      },
      {
        label: 'problem',
        paulis: [
          ...chain.map((i): [number, string] => [-1, `Z${i} Z${i + 1}`]),
          ...range(n).map((i): [number, string] => [-0.2 * (1 + i / n), `Z${i}`]),
        ],
        points: [
          [0, 0],
          [T, 1],
        ],
      },
    ],
    observables: [
      range(n).map((i) => [1 / n, `Z${i}`]),
      chain.map((i) => [1 / (n - 1), `Z${i} Z${i + 1}`]),
    ],
  };
}

/** [[c, "X0"], [-0.5, "Z1"]] → "1 X0 - 0.5 Z1" (the dialect's Pauli expression). */
function expression(paulis: Paulis): string {
  return paulis
    .map(
      ([c, p], i) => `${i === 0 ? (c < 0 ? '-' : '') : c < 0 ? ' - ' : ' + '}${Math.abs(c)} ${p}`,
    )
    .join('');
}

/** The fleet's exact state-vector simulator, the device such a job runs on. */
const SIMULATOR = CATALOGUE.find(
  (d) => d.physical.type === 'simulator' && d.physical.exact,
)!.physical;

function ourJob(p: Problem): EngineJob {
  const yaml = [
    '!TimeEvolution',
    'schedule: !Schedule',
    `  T: ${T}`,
    `  dt: ${T / (POINTS - 1)}`,
    '  hamiltonians:',
    ...p.terms.map((t) => `    ${t.label}: "${expression(t.paulis)}"`),
    '  coefficients:',
    ...p.terms.map((t) => `    ${t.label}: ${JSON.stringify(t.points)}`),
    `observables: [${p.observables.map((o) => `"${expression(o)}"`).join(', ')}]`,
    `initial_state: "${p.initial}"`,
    'nshots: 0',
    'store_intermediate_results: true',
  ].join('\n');
  return {
    variant: 'B',
    executeType: 'time_evolution',
    functionalYaml: yaml,
    pathPrefix: 'time_evolution_payload.time_evolution',
    device: SIMULATOR,
    seed: 1,
    limits: DEFAULT_ENGINE_LIMITS,
  };
}

/** Our whole job, as the simulator runs it: the payload read, the evolution, the result text. */
async function runOurs(job: EngineJob): Promise<string> {
  const out = await runJob(job);
  if (!out.ok) throw new Error(`our run failed: ${out.error}`);
  return out.resultYaml;
}

function ourValues(resultYaml: string, times: number[]): Values {
  const rows = (parseDocument(resultYaml).toJS() as { expected_values: number[][] })
    .expected_values;
  rows.forEach((row, i) => {
    if (row[0] !== times[i]) throw new Error(`our time ${i} is ${row[0]}, not ${times[i]}`);
  });
  return rows.map((row) => row.slice(1));
}

/** Integrator steps and operator applications of our run (outside the timed runs). */
async function ourCounts(job: EngineJob): Promise<{ steps: number; applications: number }> {
  const f = parseJob(job).functional;
  if (f.kind !== 'timeEvolution') throw new Error('not a time evolution');
  const sv = prepareState(f.initial, f.nqubits);
  const limits = { densityQubits: null, maxSteps: DEFAULT_ENGINE_LIMITS.maxIntegratorSteps };
  return evolve(sv.re, sv.im, f.schedule, new Map(), limits, Work.root());
}

function maxDiff(a: Values, b: Values): number {
  let worst = 0;
  a.forEach((row, i) => row.forEach((v, k) => (worst = Math.max(worst, Math.abs(v - b[i]![k]!)))));
  return worst;
}

interface PeerRun {
  ms: number;
  cpuMs: number;
  values: Values;
}

const ratioName = (n: number) =>
  `time evolution, Ising ramp ${n} q, ${POINTS} points: ours / QuTiP`;

const missing = pythonMissing(['qutip', 'scipy']);
if (missing) {
  process.stderr.write(`peers-evolution: ${missing}; ${QUTIP_INSTALL}\n`);
  for (const n of SIZES) {
    reportRatio({
      section: 'peers',
      name: ratioName(n),
      value: NaN,
      meaning: `${missing}; ${QUTIP_INSTALL}`,
      target: { atMost: 1 },
      detail: {},
    });
  }
  process.exit(0);
}

const peer = PythonPeer.start(`${import.meta.dirname}/peers/qutip_evolution.py`);
try {
  const versions = await peer.ask<{ qutip: string; scipy: string }>({ op: 'hello' });
  for (const n of SIZES) {
    const problem = isingRamp(n);
    const job = ourJob(problem);
    const run = (solver: string, rtol: number, atol = rtol) =>
      peer.ask<PeerRun>({ op: 'run', solver, rtol, atol, problem });
    const reference = (await run(REFERENCE.solver, REFERENCE.rtol, REFERENCE.atol)).values;
    /** The loosest tolerance of the ladder within ACCURACY of the reference. */
    const calibrate = async (solver: string) => {
      for (const tol of LADDER) {
        const r = await run(solver, tol);
        const error = maxDiff(r.values, reference);
        if (error <= ACCURACY) return { tol, error, values: r.values };
      }
      throw new Error(`${solver} does not reach ${ACCURACY} at rtol = atol = ${LADDER.at(-1)}`);
    };
    const qutip = await calibrate('qutip');
    const dop853 = await calibrate('dop853');
    const ours = ourValues(await runOurs(job), problem.times);
    const oursError = maxDiff(ours, reference);
    const counts = await ourCounts(job);

    const cpu = await interleaved(
      {
        ours: () => runOurs(job),
        qutip: async () => new SelfTimed((await run('qutip', qutip.tol)).cpuMs),
        dop853: async () => new SelfTimed((await run('dop853', dop853.tol)).cpuMs),
      },
      RUNS,
      'cpu',
    );
    const matched = oursError <= ACCURACY;
    reportRatio({
      section: 'peers',
      name: ratioName(n),
      value: matched ? cpu.ours! / cpu.qutip! : NaN,
      meaning: matched
        ? `CPU time, ours / QuTiP sesolve, one thread each, both within ${ACCURACY} of a tight reference`
        : `not comparable: our error ${oursError.toExponential(2)} is above ${ACCURACY}`,
      target: { atMost: 1 },
      detail: {
        QuTiP: versions.qutip,
        'ours ms': cpu.ours!,
        'QuTiP ms': cpu.qutip!,
        'scipy DOP853 ms': cpu.dop853!,
        steps: counts.steps,
        'H·ψ': counts.applications,
        'ours error': oursError,
        'QuTiP rtol': qutip.tol,
        'QuTiP error': qutip.error,
        'DOP853 rtol': dop853.tol,
      },
    });
    reportRatio({
      section: 'peers',
      name: `time evolution, Ising ramp ${n} q: ours against QuTiP`,
      value: maxDiff(ours, qutip.values),
      meaning: 'largest |Δ⟨O⟩| between our values and QuTiP’s',
      target: { atMost: AGREEMENT },
      detail: { 'ours error': oursError, 'QuTiP error': qutip.error },
    });
  }
} finally {
  peer.stop();
}
