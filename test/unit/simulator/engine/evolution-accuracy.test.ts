import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_LIMITS } from '../../../../src/simulator/engine';
import { NodeRef } from '../../../../src/shared/dialect/node-reader';
import { ParseContext } from '../../../../src/shared/dialect/parse-context';
import { readSchedule } from '../../../../src/shared/dialect/schedule';
import type { Schedule } from '../../../../src/shared/dialect/schedule';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import { DensityMatrix } from '../../../../src/simulator/engine/physics/density-matrix';
import { evolve } from '../../../../src/simulator/engine/physics/evolution';
import { StateVector } from '../../../../src/simulator/engine/physics/state-vector';
import { StepLimitError } from '../../../../src/simulator/engine/physics/taylor';
import { Work } from '../../../../src/simulator/engine/work';
import { SIMULATOR } from './support/devices';

/**
 * The integrator against closed forms and a tight independent reference, at its own accuracy:
 * each step's error is at most 1e-13·‖ψ‖, so a few dozen steps stay well within 1e-11.
 */
const ACCURACY = 1e-11;

function schedule(yaml: string): Schedule {
  const ctx = new ParseContext('B', SIMULATOR, DEFAULT_ENGINE_LIMITS);
  return readSchedule(NodeRef.root(parseYamlSource(`!Schedule ${yaml}`, 's', 'test')), ctx, null);
}

type Amplitudes = [number, number][];

/** Runs a one-qubit schedule from `initial`, recording the amplitudes at every grid time. */
async function run(s: Schedule, initial: Amplitudes, maxSteps = 1e6) {
  const sv = new StateVector(
    1,
    Float64Array.from(initial, (a) => a[0]),
    Float64Array.from(initial, (a) => a[1]),
  );
  const states: Amplitudes[] = [];
  const stats = await evolve(
    sv.re,
    sv.im,
    s,
    new Map(),
    {
      densityQubits: null,
      maxSteps,
      onGrid: (i, t) => {
        expect(t).toBe(s.grid[i]);
        states[i] = [0, 1].map((k) => [sv.re[k]!, sv.im[k]!]) as Amplitudes;
      },
    },
    Work.root(),
  );
  expect(states).toHaveLength(s.grid.length);
  return { states, stats };
}

function worstDiff(got: Amplitudes[], expected: (i: number) => Amplitudes): number {
  let worst = 0;
  got.forEach((amps, i) =>
    amps.forEach(([re, im], k) => {
      const [er, ei] = expected(i)[k]!;
      worst = Math.max(worst, Math.hypot(re - er, im - ei));
    }),
  );
  return worst;
}

/** (e^{−iφ/2}|0⟩ + e^{iφ/2}|1⟩)/√2: |+⟩ after H = (dφ/dt)/2·Z. */
function precessed(phi: number): Amplitudes {
  const r = Math.SQRT1_2;
  return [
    [r * Math.cos(phi / 2), -r * Math.sin(phi / 2)],
    [r * Math.cos(phi / 2), r * Math.sin(phi / 2)],
  ];
}
const PLUS = precessed(0);

/**
 * H(t) = ½·(z(t)·Z + x·X) integrated with fourth-order Magnus steps (two Gauss points, the
 * commutator term) whose 2×2 exponentials are exact: an independent reference, converged to
 * ~1e-13 at `substeps` per grid interval (checked against twice as many).
 */
function magnusReference(
  z: (t: number) => number,
  x: number,
  grid: number[],
  psi0: Amplitudes,
  substeps: number,
): Amplitudes[] {
  let [a, b] = psi0.map(([re, im]) => ({ re, im })) as [
    { re: number; im: number },
    { re: number; im: number },
  ];
  const out: Amplitudes[] = [psi0];
  const g = Math.sqrt(3) / 6;
  for (let k = 1; k < grid.length; k++) {
    const h = (grid[k]! - grid[k - 1]!) / substeps;
    for (let s = 0; s < substeps; s++) {
      const t = grid[k - 1]! + s * h;
      // H = h·σ with h = (x/2, 0, z/2); Ω = −i·w·σ, w = h/2·(h1 + h2) + √3h²/6·(h2 × h1).
      const [z1, z2] = [z(t + (0.5 - g) * h) / 2, z(t + (0.5 + g) * h) / 2];
      const hx = x / 2;
      // (h2 × h1) with h1 = (hx, 0, z1), h2 = (hx, 0, z2): only the y component survives.
      const cross = z2 * hx - hx * z1;
      const w = [(h / 2) * 2 * hx, ((Math.sqrt(3) * h * h) / 6) * cross, (h / 2) * (z1 + z2)];
      const theta = Math.hypot(w[0]!, w[1]!, w[2]!);
      const [nx, ny, nz] = theta === 0 ? [0, 0, 0] : w.map((c) => c / theta);
      const c = Math.cos(theta);
      const sn = Math.sin(theta);
      // exp(−iθ n·σ) = cos θ − i sin θ (n·σ); n·σ = [[nz, nx − i ny], [nx + i ny, −nz]].
      const m00 = { re: c, im: -sn * nz! };
      const m01 = { re: -sn * ny!, im: -sn * nx! };
      const m10 = { re: sn * ny!, im: -sn * nx! };
      const m11 = { re: c, im: sn * nz! };
      const mul = (p: typeof a, q: typeof a) => ({
        re: p.re * q.re - p.im * q.im,
        im: p.re * q.im + p.im * q.re,
      });
      const add = (p: typeof a, q: typeof a) => ({ re: p.re + q.re, im: p.im + q.im });
      [a, b] = [add(mul(m00, a), mul(m01, b)), add(mul(m10, a), mul(m11, b))];
    }
    out.push([
      [a.re, a.im],
      [b.re, b.im],
    ]);
  }
  return out;
}

describe('time evolution accuracy', () => {
  it('a spin precessing under a constant field stays on cos/sin to 1e-11 over 30 periods', async () => {
    const omega = 3.7;
    const T = 50;
    const { states } = await run(
      schedule(`{T: ${T}, dt: 0.5, hamiltonians: {z: "${omega / 2} Z0"}, coefficients: {z: 1}}`),
      PLUS,
    );
    expect(worstDiff(states, (i) => precessed(omega * i * 0.5))).toBeLessThan(ACCURACY);
  });

  it('a field ramped up then down (a kink at T/2) gives the integrated phase to 1e-11', async () => {
    const [a, b, T] = [1.5, 0.8, 12];
    // z(t) = a + b·t up to T/2, then back down to a at T: φ(t) = ∫ z.
    const phase = (t: number) =>
      t <= T / 2
        ? a * t + (b * t * t) / 2
        : a * t + (b * T * T) / 8 + b * (T / 2) * (t - T / 2) - (b * (t - T / 2) ** 2) / 2;
    const { states } = await run(
      schedule(
        `{T: ${T}, dt: 0.25, hamiltonians: {z: "0.5 Z0"}, coefficients: {z: [[0, ${a}], [${T / 2}, ${a + (b * T) / 2}], [${T}, ${a}]]}}`,
      ),
      PLUS,
    );
    expect(worstDiff(states, (i) => precessed(phase(i * 0.25)))).toBeLessThan(ACCURACY);
  });

  describe('a Landau–Zener sweep, z(t) = v·(t − T/2), against fourth-order Magnus steps', () => {
    const [v, x, T] = [2, 0.8, 10];
    const z = (t: number) => v * (t - T / 2);
    const yaml = (dt: number) =>
      `{T: ${T}, dt: ${dt}, hamiltonians: {z: "0.5 Z0", x: "${x / 2} X0"}, coefficients: {z: [[0, ${z(0)}], [${T}, ${z(T)}]], x: 1}}`;
    const ZERO: Amplitudes = [
      [1, 0],
      [0, 0],
    ];

    it('matches the reference at 101 points to 1e-11, and the sweep does move the spin', async () => {
      const s = schedule(yaml(0.1));
      const reference = magnusReference(z, x, s.grid, ZERO, 200);
      const finer = magnusReference(z, x, s.grid, ZERO, 400);
      expect(worstDiff(finer, (i) => reference[i]!)).toBeLessThan(1e-12);
      const { states } = await run(s, ZERO);
      expect(worstDiff(states, (i) => reference[i]!)).toBeLessThan(ACCURACY);
      // Neither adiabatic nor sudden: both levels keep a good share.
      const p1 = Math.hypot(...states.at(-1)![1]!) ** 2;
      expect(p1).toBeGreaterThan(0.2);
      expect(p1).toBeLessThan(0.8);
    });

    it('the same sweep written as three labelled parts gives the same states', async () => {
      const ramp = `[[0, ${z(0)}], [${T}, ${z(T)}]]`;
      const s = schedule(
        `{T: ${T}, dt: 0.5, hamiltonians: {z1: "0.25 Z0", x: "${x / 2} X0", z2: "0.25 Z0"}, coefficients: {z1: ${ramp}, x: 1, z2: ${ramp}}}`,
      );
      const reference = magnusReference(z, x, s.grid, ZERO, 4000);
      const { states } = await run(s, ZERO);
      expect(worstDiff(states, (i) => reference[i]!)).toBeLessThan(ACCURACY);
    });

    it('many recorded times inside one step (dt = 0.01) are read off its series just as exactly', async () => {
      const s = schedule(yaml(0.01));
      expect(s.grid).toHaveLength(1001);
      const reference = magnusReference(z, x, s.grid, ZERO, 20);
      const { states, stats } = await run(s, ZERO);
      expect(worstDiff(states, (i) => reference[i]!)).toBeLessThan(ACCURACY);
      // Steps span many recorded times: far fewer steps than grid intervals.
      expect(stats.steps).toBeLessThan(200);
    });

    it('a density matrix evolved under [H, ρ] stays |ψ⟩⟨ψ| of the pure evolution to 1e-12', async () => {
      const s = schedule(yaml(0.5));
      const pure = StateVector.zero(1);
      await evolve(
        pure.re,
        pure.im,
        s,
        new Map(),
        { densityQubits: null, maxSteps: 1e6 },
        Work.root(),
      );
      const dm = DensityMatrix.fromPure(StateVector.zero(1));
      await evolve(dm.re, dm.im, s, new Map(), { densityQubits: 1, maxSteps: 1e6 }, Work.root());
      const expected = DensityMatrix.fromPure(pure);
      for (let i = 0; i < 4; i++) {
        expect(Math.abs(dm.re[i]! - expected.re[i]!)).toBeLessThan(1e-12);
        expect(Math.abs(dm.im[i]! - expected.im[i]!)).toBeLessThan(1e-12);
      }
    });

    it('stops with StepLimitError when it would need more steps than allowed', async () => {
      await expect(run(schedule(yaml(0.1)), ZERO, 3)).rejects.toBeInstanceOf(StepLimitError);
    });
  });

  it('a schedule whose Hamiltonian is zero leaves the state as it was, with no H·ψ', async () => {
    const { states, stats } = await run(
      schedule('{T: 4, dt: 1, hamiltonians: {z: "1.0 Z0"}, coefficients: {z: 0}}'),
      PLUS,
    );
    expect(worstDiff(states, () => PLUS)).toBe(0);
    expect(stats.applications).toBe(0);
  });

  it('a 6-qubit Ising ramp with 101 recorded times takes under 1,000 H·ψ (an RK45 took 13,000)', async () => {
    // The counts are the integrator's work, independent of the machine: bench/peers-evolution
    // times the same problem against QuTiP.
    const n = 6;
    const qubits = Array.from({ length: n }, (_, i) => i);
    const driver = qubits.map((i) => `X${i}`).join(' + ');
    const chain = qubits.slice(1).map((i) => `Z${i - 1} Z${i}`);
    const fields = qubits.map((i) => `${0.2 * (1 + i / n)} Z${i}`);
    const s = schedule(
      `{T: 10, dt: 0.1, hamiltonians: {driver: "${driver}", problem: "${[...chain, ...fields].join(' + ')}"}, coefficients: {driver: [[0, -1], [10, 0]], problem: [[0, 0], [10, -1]]}}`,
    );
    const sv = new StateVector(
      n,
      new Float64Array(2 ** n).fill(2 ** (-n / 2)),
      new Float64Array(2 ** n),
    );
    const stats = await evolve(
      sv.re,
      sv.im,
      s,
      new Map(),
      { densityQubits: null, maxSteps: 1e6 },
      Work.root(),
    );
    expect(stats.applications).toBeLessThan(1000);
    expect(sv.norm2()).toBeCloseTo(1, 12);
  });
});
