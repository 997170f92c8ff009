import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePayload } from '../../../src/shared/sdk/compile/compile-payload';
import { decodeJobId } from '../../../src/shared/wire';
import {
  bindCircuitParameters,
  circuitParameters,
} from '../../../src/shared/dialect/circuit-parameters';
import { exactProbabilities } from '../../support/exact-circuit';
import { readModel, requestOf, variantOf } from '../../support/sdk-digital-corpus';
import { VARIATIONAL_CASES, optimumOf } from '../../support/sdk-variational-corpus';
import type { VariationalCase } from '../../support/sdk-variational-corpus';
import { call, envelope, fullDetail, login, pollUntil, startTestSimulator } from './helpers';

/*
 * The simulator, reading the SDK's form only, runs every variational request of the corpus this
 * slice reads, as the SDK's client sent it (the exact POST /execute bytes): it minimises the cost
 * function's own observable (never its pickled `_handlers`), so the optimum lies between the
 * observable's lowest eigenvalue and the cost at the starting parameters, computed exactly. A
 * ModelCostFunction's classical model is evaluated as the SDK does (its one-hot optimum −1 is
 * reached), and Variant A's parameter constraints hold at every point the optimiser reports. Our Variant A QAOA template, compiled
 * to the SDK's form, runs to the MaxCut optimum; Variant B's is refused by compile (a friendly
 * cost cannot be sent to qilisdk 0.1.x).
 */

type Parsed = Record<string, unknown>;
const TEMPLATES = join(import.meta.dirname, '../../../resources/templates');

/**
 * The exact ⟨cost⟩ (all costs here are diagonal: the exact distribution over the diagonal) at the
 * starting parameters, or at `at` (SDK labels → values).
 */
function exactCost(
  c: VariationalCase,
  diagonal: number[],
  at?: Readonly<Record<string, number>>,
): number {
  const { functional, params } = readModel(c);
  if (functional.kind !== 'variational') throw new Error(functional.kind);
  const inner = functional.inner;
  if (inner.kind !== 'sampling' && inner.kind !== 'digital') throw new Error(inner.kind);
  const n = inner.circuit.nqubits;
  const circuit = at
    ? bindCircuitParameters(
        inner.circuit,
        circuitParameters(variantOf(c), inner.circuit, params),
        new Map(Object.entries(at)),
      )
    : inner.circuit;
  const k = Math.log2(diagonal.length);
  let total = 0;
  for (const [bits, p] of exactProbabilities(circuit, params)) {
    // A k-qubit observable reads the first k qubits (qubit 0 leftmost).
    total += p * diagonal[parseInt(bits.padEnd(n, '0').slice(0, k), 2)]!;
  }
  return total;
}

describe.each(['B', 'A'] as const)(
  'variational programs in the SDK form, Variant %s',
  (variant) => {
    let t: Awaited<ReturnType<typeof startTestSimulator>>;
    let token: string;

    beforeAll(async () => {
      t = await startTestSimulator({ variant, sdkOnly: true });
      token = (await login(t.sim)).accessToken;
    });
    afterAll(async () => {
      await t.cleanup();
      expect(t.problems).toEqual([]);
    });

    async function run(
      rawBody: string,
    ): Promise<{ result: ReturnType<typeof optimumOf> | null; error: string | null }> {
      const submitted = await call(t.sim, 'POST', '/execute', { token, rawBody });
      expect(submitted.status).toBe(200);
      const { id } = decodeJobId(variant, submitted.body);
      await pollUntil(t.sim, token, id, undefined, 120_000);
      const detail = await fullDetail(t.sim, token, id);
      const text = (detail.result as Parsed | null)?.variational_program_result;
      return {
        result: text ? optimumOf(String(text)) : null,
        error: detail.error ? JSON.stringify(detail.error) : null,
      };
    }

    it.each(VARIATIONAL_CASES.filter((c) => variantOf(c) === variant))(
      'the corpus request $version $name',
      async (c) => {
        const { result, error } = await run(requestOf(c).body);
        expect(error).toBeNull();
        expect(result!.tag).toBe('!VariationalProgramResult');
        const cost = result!.cost;
        const lowest = Math.min(...c.cost.diagonal);
        const start = exactCost(c, c.cost.diagonal);
        // Sampled costs carry shot noise (at most 1000 shots here): 0.15 of slack.
        expect(cost).toBeGreaterThanOrEqual(lowest - 0.15);
        expect(cost).toBeLessThan(start - 0.25);
        // The reported optimum is the observable's value at the reported parameters.
        // The SDK lists the optimal parameters in the circuit's parameter order.
        const { functional, params } = readModel(c);
        if (functional.kind !== 'variational') throw new Error(functional.kind);
        const inner = functional.inner;
        if (inner.kind !== 'sampling' && inner.kind !== 'digital') throw new Error(inner.kind);
        const names = circuitParameters(variantOf(c), inner.circuit, params)
          .filter((p) => p.trainable)
          .map((p) => p.label);
        expect(names.length).toBe(result!.parameters.length);
        const best = Object.fromEntries(names.map((n, i) => [n, result!.parameters[i]!]));
        // A model's penalty (100) makes each shot weigh ~0.1 of the mean: 1 of slack there.
        const slack = c.cost.kind === 'model' ? 1 : 0.15;
        expect(Math.abs(exactCost(c, c.cost.diagonal, best) - cost)).toBeLessThan(slack);
        if (c.cost.kind === 'model') expect(cost).toBeLessThan(-0.9);
        for (const [lhs, rhs] of c.atMost ?? []) {
          // Every point the optimiser reports, and its optimum, keeps lhs <= rhs.
          for (const p of [result!.parameters, ...result!.trace])
            expect(p[names.indexOf(lhs)]!).toBeLessThanOrEqual(p[names.indexOf(rhs)]!);
          expect(result!.trace.length).toBeGreaterThan(0);
        }
      },
    );

    it.runIf(variant === 'A')(
      'our QAOA template, compiled to the SDK form, finds the MaxCut optimum',
      async () => {
        const text = readFileSync(join(TEMPLATES, 'a', 'qaoa.yaml'), 'utf8');
        const compiled = compilePayload('A', text);
        expect(compiled.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const body = JSON.stringify(
          envelope(compiled.payload as Record<string, unknown>, 'sim.statevector', {
            job_type: 'variational',
          }),
        );
        const { result, error } = await run(body);
        expect(error).toBeNull();
        // Z0 Z1 + Z1 Z2 + Z0 Z2 on a triangle: −1 at a best cut; one QAOA layer reaches below −0.9.
        expect(result!.cost).toBeLessThan(-0.9);
      },
    );

    it.runIf(variant === 'B')('our QAOA template is refused by compile, saying why', () => {
      const text = readFileSync(join(TEMPLATES, 'b', 'qaoa.yaml'), 'utf8');
      const compiled = compilePayload('B', text);
      expect(compiled.payload).toBeNull();
      expect(compiled.problems.map((p) => p.message).join('\n')).toContain('`_handlers`');
    });
  },
);
