import { describe, expect, it } from 'vitest';
import { runJob } from '../../../../src/simulator/engine';
import { makeJob } from './support/devices';
import { expectOk, parseResult } from './support/results';

interface Evolution {
  hamiltonians: Record<string, string>;
  coefficients: Record<string, string>;
  T: number;
  dt: number;
  observables: string[];
  initial: string;
  nshots?: number;
}

async function evolve(e: Evolution, seed = 5): Promise<{ final: number[]; rows: number[][] }> {
  const yaml = [
    '!TimeEvolution',
    'schedule: !Schedule',
    `  T: ${e.T}`,
    `  dt: ${e.dt}`,
    '  hamiltonians:',
    ...Object.entries(e.hamiltonians).map(([k, v]) => `    ${k}: "${v}"`),
    '  coefficients:',
    ...Object.entries(e.coefficients).map(([k, v]) => `    ${k}: ${v}`),
    `observables: [${e.observables.map((o) => `"${o}"`).join(', ')}]`,
    `initial_state: "${e.initial}"`,
    `nshots: ${e.nshots ?? 0}`,
    'store_intermediate_results: true',
  ].join('\n');
  const out = expectOk(
    await runJob(makeJob({ executeType: 'time_evolution', functionalYaml: yaml, seed })),
  );
  expect(out.resultField).toBe('time_evolution_result');
  const r = parseResult(out.yaml);
  expect(r.$tag).toBe('!TimeEvolutionResult');
  // The SDK's rows hold the values only; each lies at a time of the schedule's grid 0, dt, …, T.
  const rows = (r.expected_values as number[][]).map((row, i) => [Math.min(i * e.dt, e.T), ...row]);
  return { final: r.final_expected_values as number[], rows };
}

describe('time evolution against closed forms', () => {
  it('two-level Rabi oscillation: H = Ω/2·X gives P1(t) = sin²(Ωt/2), period 2π/Ω', async () => {
    const omega = 2 * Math.PI * 0.25; // period 4
    const { rows } = await evolve({
      hamiltonians: { drive: `${omega / 2} X0` },
      coefficients: { drive: '1.0' },
      T: 12,
      dt: 0.05,
      observables: ['Z0'],
      initial: '0',
    });
    expect(rows).toHaveLength(241);
    for (const [t, z] of rows) expect((1 - z!) / 2).toBeCloseTo(Math.sin((omega * t!) / 2) ** 2, 8);
    // The period read off the data: successive returns to P1 = 0.
    const minima = rows.filter(
      (r, i) =>
        i > 0 && i < rows.length - 1 && r[1]! > rows[i - 1]![1]! && r[1]! >= rows[i + 1]![1]!,
    );
    expect(minima.map((r) => r[0])).toEqual([4, 8]);
  });

  it('precessing spin: H = ω/2·Z from |+⟩ gives ⟨X⟩(t) = cos ωt and ⟨Y⟩(t) = sin ωt to 1e-6', async () => {
    const omega = 3.7;
    const { rows } = await evolve({
      hamiltonians: { z: `${omega / 2} Z0` },
      coefficients: { z: '[[0, 1], [20, 1]]' },
      T: 20,
      dt: 0.1,
      observables: ['X0', 'Y0'],
      initial: '+',
    });
    let worst = 0;
    for (const [t, x, y] of rows) {
      worst = Math.max(
        worst,
        Math.abs(x! - Math.cos(omega * t!)),
        Math.abs(y! - Math.sin(omega * t!)),
      );
    }
    expect(worst).toBeLessThan(1e-6);
  });

  it('a linearly ramped coefficient: H = (a + b·t)/2·Z gives ⟨X⟩ = cos(a t + b t²/2)', async () => {
    const [a, b] = [1.5, 0.4];
    const { rows } = await evolve({
      hamiltonians: { z: '0.5 Z0' },
      coefficients: { z: `[[0, ${a}], [10, ${a + 10 * b}]]` },
      T: 10,
      dt: 0.25,
      observables: ['X0'],
      initial: '+',
    });
    for (const [t, x] of rows) expect(x).toBeCloseTo(Math.cos(a * t! + (b * t! * t!) / 2), 7);
  });

  it('a coefficient that jumps (two points at one time) switches the dynamics on at that time', async () => {
    const { rows } = await evolve({
      hamiltonians: { z: '1.0 Z0' },
      coefficients: { z: '[[0, 0], [3, 0], [3, 1], [8, 1]]' },
      T: 8,
      dt: 0.5,
      observables: ['X0'],
      initial: '+',
    });
    for (const [t, x] of rows) expect(x).toBeCloseTo(t! <= 3 ? 1 : Math.cos(2 * (t! - 3)), 7);
  });

  it('conserves ⟨H⟩ for a time-independent 4-qubit Hamiltonian to 1e-8 relative', async () => {
    const h =
      '0.9 X0 X1 + 0.4 Y1 Y2 - 0.7 Z2 Z3 + 0.3 Z0 + 0.5 X3 - 0.2 Y0 Z1 X2 + 0.6 X1 Z3 + 0.8 X0 Z1 + 0.5 X2 Z3';
    const { rows } = await evolve({
      hamiltonians: { h },
      coefficients: { h: '1.0' },
      T: 10,
      dt: 0.5,
      observables: [h, 'Z0 + Z1 + Z2 + Z3'],
      initial: '+0-1',
    });
    const e0 = rows[0]![1]!;
    expect(Math.abs(e0)).toBeGreaterThan(0.1);
    for (const row of rows) expect(Math.abs(row[1]! - e0) / Math.abs(e0)).toBeLessThan(1e-8);
    // ... while the state does change: the magnetisation moves.
    expect(Math.max(...rows.map((r) => Math.abs(r[2]! - rows[0]![2]!)))).toBeGreaterThan(0.1);
  });

  it('nshots > 0 gives estimates scattered around the exact values with binomial shot noise', async () => {
    const omega = 1.3;
    const base: Evolution = {
      hamiltonians: { drive: `${omega / 2} X0` },
      coefficients: { drive: '1.0' },
      T: 6,
      dt: 0.05,
      observables: ['Z0'],
      initial: '0',
    };
    const nshots = 400;
    const { rows } = await evolve({ ...base, nshots });
    let chi2 = 0;
    for (const [t, z] of rows) {
      const exact = Math.cos(omega * t!);
      const variance = Math.max((1 - exact * exact) / nshots, 1e-12);
      chi2 += variance > 1e-9 ? (z! - exact) ** 2 / variance : 0;
      if (variance <= 1e-9) expect(z).toBeCloseTo(exact, 6);
    }
    // χ² over ~120 points: mean = dof, sd = √(2·dof).
    const dof = rows.length;
    expect(Math.abs(chi2 - dof)).toBeLessThan(5 * Math.sqrt(2 * dof));
  });

  it('returns the final state for narrow systems', async () => {
    const out = expectOk(
      await runJob(
        makeJob({
          executeType: 'time_evolution',
          functionalYaml:
            '!TimeEvolution\nschedule: !Schedule {T: 1.5707963267948966, dt: 0.5, hamiltonians: {x: "X0"}, coefficients: {x: 1}}\nobservables: ["Z0"]\ninitial_state: "0"\n',
        }),
      ),
    );
    const r = parseResult(out.yaml);
    expect([r.expected_values, r.intermediate_states]).toEqual([[], []]);
    // exp(−i·X·π/2)|0⟩ = −i|1⟩
    const [a0, a1] = (r.final_state as Array<{ real: number; imag: number }>).map((c) => [
      c.real,
      c.imag,
    ]);
    expect(a0![0]).toBeCloseTo(0, 9);
    expect(a1![1]).toBeCloseTo(-1, 9);
  });
});
