import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SdkMap, SdkNode } from '../../../../../src/shared/sdk/node';
import { sdkMap } from '../../../../../src/shared/sdk/node';
import { readSdkYaml, sameSdkTree, writeSdkYaml } from '../../../../../src/shared/sdk/yaml';
import * as A from '../../../../../src/shared/sdk/a/results';
import * as B from '../../../../../src/shared/sdk/b/results';
import { optimizerResult } from '../../../../../src/shared/sdk/results/optimizer-result';
import {
  denseOfCsr,
  dims,
  field,
  iqPoints,
  list,
  map,
  ndarray,
  num,
  numbers,
  pyFloat,
  table,
} from '../../../../support/sdk-values';

/*
 * Our result builders against the SDK's own bytes: every result file of the corpus is read,
 * its values taken out, the result rebuilt with our builders from those values alone, and the
 * rebuilt graph compared with the SDK's (sameSdkTree) and written (writeSdkYaml) to compare
 * with the file's bytes.
 */

const ROOT = join(import.meta.dirname, '../../../../fixtures/sdk');

function corpus(version: string): Array<{ name: string; text: string }> {
  const dir = join(ROOT, version, 'results');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: f.slice(0, -5), text: readFileSync(join(dir, f), 'utf8') }));
}

function read(text: string): SdkNode {
  const doc = readSdkYaml(text);
  if (!doc.node) throw new Error(doc.problems.map((p) => p.message).join('; '));
  return doc.node;
}

const opt = (n: SdkNode | null): SdkNode | null => (n && n.kind !== 'null' ? n : null);

function optimizer(node: SdkNode): SdkMap {
  return optimizerResult(
    pyFloat(field(node, '_optimal_cost')),
    numbers(field(node, '_optimal_parameters')),
    list(field(node, '_intermediate_results')).map((s) => ({
      cost: pyFloat(field(s, '_cost')),
      parameters: numbers(field(s, '_parameters')),
    })),
  );
}

function rebuildB(node: SdkNode): SdkMap {
  switch (node.tag) {
    case '!SamplingResult':
      return B.samplingResult(num(field(node, '_nshots')), table(field(node, '_samples')));
    case '!TimeEvolutionResult': {
      const rows = ndarray(field(node, '_expected_values'));
      const finalState = opt(field(node, '_final_state'));
      return B.timeEvolutionResult({
        finalExpectedValues: ndarray(field(node, '_final_expected_values')).values,
        expectedValues:
          rows.shape.length === 2 ? { rows: rows.shape[0]!, values: rows.values } : undefined,
        finalState: finalState ? denseOfCsr(field(finalState, '_data')) : undefined,
        intermediateStates: list(field(node, '_intermediate_states')).map((s) =>
          denseOfCsr(field(s, '_data')),
        ),
      });
    }
    case '!VariationalProgramResult':
      return B.variationalProgramResult(
        optimizer(field(node, '_optimizer_result')),
        rebuildB(field(node, '_result')),
      );
    case '!RabiExperimentResult':
    case '!T1ExperimentResult':
      return B.experimentResult(
        node.tag,
        num(field(node, 'qubit')),
        iqPoints(field(node, 'data')),
        dims(field(node, 'dims')),
      );
    default:
      throw new Error(`no B builder for ${node.tag}`);
  }
}

function composite(node: SdkNode): SdkMap {
  const s = opt(field(node, 'sampling'));
  const e = opt(field(node, 'expectation_values'));
  const t = opt(field(node, 'state_tomography'));
  const nshots = e ? opt(field(e, '_nshots')) : null;
  return A.readoutCompositeResults({
    sampling:
      s && A.samplingReadoutResult(table(field(s, '_samples')), table(field(s, '_probabilities'))),
    expectationValues:
      e &&
      A.expectationReadoutResult(numbers(field(e, '_expectation_values')), nshots && num(nshots)),
    stateTomography:
      t && A.stateTomographyReadoutResult(denseOfCsr(field(field(t, '_state'), 'data'))),
  });
}

/** Main's `_execution_time` (0.2.1.post1 has no such attribute: see withoutPublicExecutionTime). */
function executionTime(node: SdkNode): number | null {
  const t = map(node).entries.find(([k]) => k.kind === 'str' && k.value === '_execution_time');
  return t ? num(t[1]) : null;
}

function rebuildA(node: SdkNode): SdkMap {
  switch (node.tag) {
    case '!FunctionalResult':
      return A.functionalResult(
        composite(field(node, '_readout_results')),
        list(field(node, '_intermediate_results')).map(composite),
        executionTime(node),
      );
    case '!VariationalProgramResult':
      return A.variationalProgramResult(
        optimizer(field(node, '_optimizer_result')),
        rebuildA(field(node, '_result')),
        executionTime(node),
      );
    case '!RabiExperimentResult':
    case '!T1ExperimentResult':
      return A.experimentResult(
        node.tag,
        num(field(node, 'qubit')),
        num(field(node, 'averages')),
        iqPoints(field(node, 'data')),
        dims(field(node, 'dims')),
      );
    default:
      throw new Error(`no A builder for ${node.tag}`);
  }
}

/**
 * qilisdk 0.2.1.post1 has no `execution_time` on results; the corpus generator set it as a
 * plain attribute (written `execution_time: 0.0125`). Without it, the graph is what 0.2.1's
 * classes set, which our builders (given no execution time) must match.
 */
function withoutPublicExecutionTime(node: SdkNode): SdkNode {
  if (node.kind === 'seq') return { ...node, items: node.items.map(withoutPublicExecutionTime) };
  if (node.kind !== 'map') return node;
  return sdkMap(
    node.entries
      .filter(([k]) => !(k.kind === 'str' && k.value === 'execution_time'))
      .map(([k, v]) => [k, withoutPublicExecutionTime(v)] as const),
    node.tag,
  );
}

describe('B result builders reproduce qilisdk 0.1.6 results', () => {
  for (const { name, text } of corpus('B-0.1.6')) {
    it(name, () => {
      const sdk = read(text);
      const built = rebuildB(sdk);
      expect(sameSdkTree(built, sdk)).toBeNull();
      expect(writeSdkYaml(built)).toBe(text);
    });
  }
});

describe('A result builders reproduce qilisdk main results', () => {
  for (const { name, text } of corpus('A-main')) {
    it(name, () => {
      const sdk = read(text);
      const built = rebuildA(sdk);
      expect(sameSdkTree(built, sdk)).toBeNull();
      expect(writeSdkYaml(built)).toBe(text);
    });
  }
});

describe('A result builders reproduce qilisdk 0.2.1.post1 results (its classes, no execution time)', () => {
  for (const { name, text } of corpus('A-0.2.1.post1')) {
    it(name, () => {
      const sdk = withoutPublicExecutionTime(read(text));
      expect(sameSdkTree(rebuildA(sdk), sdk)).toBeNull();
    });
  }
});
