import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Functional } from '../../src/shared/dialect/job-model';
import { readJobParts } from '../../src/shared/dialect/job-model';
import { NodeRef } from '../../src/shared/dialect/node-reader';
import type { ParamTable } from '../../src/shared/dialect/numbers';
import { ReadSession } from '../../src/shared/dialect/read-session';
import type { Readout } from '../../src/shared/dialect/readouts';
import { parseYamlSource } from '../../src/shared/dialect/yaml-source';
import { executeKind } from '../../src/shared/variants/declaration';
import type { VariantId } from '../../src/shared/variants/declaration';
import type { ExecutePayload } from '../../src/shared/variants/payload';

/*
 * The corpus cases of the digital slice (cases.md of each version in test/fixtures/sdk): what each request holds,
 * in the words of cases.md, as a signature of the model its SDK form reads into. A gate is
 * `NAME(qubits,angles)`: a constant angle as its number, a named Parameter as `label=value` (with
 * `[lo,hi]` bounds when not the default); controls as `C[c…]`; wrappers as `Adjoint ` and
 * `Exponential `; each `M(…)` where it stands.
 */

export interface DigitalCase {
  version: 'B-0.1.6' | 'A-main' | 'A-0.2.1.post1';
  name: string;
  circuit: string;
  /** B: the sampling's shots. */
  nshots?: number;
  /** A: the readouts, as `sampling(500)`, `sampling(800,expand=false)`, `expectation(["Z0 Z1"],1000)`, `tomography`. */
  readouts?: string[];
  /** The hardware-efficient ansatz, when the circuit is one. */
  ansatz?: string;
  /** Parts expected to stay in the SDK's form on decompile (payload paths). */
  islands: string[];
}

/** Any case of the corpus, by its version and name (the request files are named after it). */
export type CorpusCase = Pick<DigitalCase, 'version' | 'name'>;

const A_VERSIONS = ['A-main', 'A-0.2.1.post1'] as const;

const ROTATIONS =
  'RX(0,0.5) RY(1,-1.25) RZ(2,1.0471975511965976) U1(0,0.25) U2(1,0.1,-0.2) U3(2,1.1,0.4,-0.5)';
const PARAMETERS =
  'RX(0,alpha=0.3) RY(1,beta=1.2[0,3.141592653589793]) RZ(0,gamma=-0.7) U1(1,delta=0.9) U2(0,u2_phi=0.1,u2_gamma=0.2) U3(1,u3_theta=0.5,u3_phi=0.6,u3_gamma=0.7) RX(1,alpha=0.3)';
const CONTROLLED =
  'H(0) H(1) C[0]RY(2,0.7) C[0,1]X(3) C[3]SWAP(1,2) C[2]U3(0,0.3,-0.2,0.9) C[1,2,3]Z(0) C[0]H(3) M(0,1,2,3)';
const ADJOINT =
  'H(0) Adjoint S(0) Adjoint T(1) Adjoint RX(0,0.4) Adjoint U3(1,0.2,0.3,0.4) Exponential Z(0) Exponential RY(1,0.6) M(0,1)';
const HEA =
  'HardwareEfficientAnsatz(nqubits=3,layers=2,connectivity=circular,structure=interposed,U3,CNOT)';
const QAOA_GATES =
  'H(0) H(1) H(2) CNOT(0,1) RZ(1,0.8) CNOT(0,1) CNOT(1,2) RZ(2,0.8) CNOT(1,2) RZ(0,-0.4) H(0) RZ(0,1.4) H(0) H(1) RZ(1,1.4) H(1) H(2) RZ(2,1.4) H(2)';

export const DIGITAL_CASES: DigitalCase[] = [
  {
    version: 'B-0.1.6',
    name: 'b_gates_single_qubit',
    circuit: 'I(0) X(0) Y(1) Z(2) H(0) S(1) T(2) M(0,1,2)',
    nshots: 1000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_gates_rotations',
    circuit: `${ROTATIONS} M(0,1,2)`,
    nshots: 2000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_gates_rotations_parameters',
    circuit: `${PARAMETERS} M(0,1)`,
    nshots: 500,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_gates_two_qubit',
    circuit: 'H(0) CNOT(0,1) CZ(1,2) SWAP(0,2) M(0,1,2)',
    nshots: 1000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_gates_controlled',
    circuit: CONTROLLED,
    nshots: 1000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_gates_adjoint_exponential',
    circuit: ADJOINT,
    nshots: 1000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_measure_subset',
    circuit: 'H(0) CNOT(0,1) RY(2,0.8) M(0,2)',
    nshots: 1000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_bell',
    circuit: 'H(0) CNOT(0,1) M(0,1)',
    nshots: 500,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_ghz4_no_measurement',
    circuit: 'H(0) CNOT(0,1) CNOT(1,2) CNOT(2,3)',
    nshots: 2000,
    islands: [],
  },
  {
    version: 'B-0.1.6',
    name: 'b_hardware_efficient_ansatz',
    circuit: 'M(0,1,2)',
    ansatz: HEA,
    nshots: 1000,
    islands: [],
  },
  ...A_VERSIONS.flatMap((version): DigitalCase[] => [
    {
      version,
      name: 'a_gates_single_qubit',
      circuit: 'I(0) X(0) Y(1) Z(2) H(0) S(1) T(2) M(0,1,2)',
      readouts: ['sampling(1000)'],
      islands: [],
    },
    {
      version,
      name: 'a_gates_rotations',
      circuit: ROTATIONS,
      readouts: ['expectation(["Z0","Z1 Z2","X0 Y1 Z2"],0)'],
      islands: [],
    },
    {
      version,
      name: 'a_gates_rotations_parameters',
      circuit: PARAMETERS,
      readouts: ['tomography'],
      islands: [],
    },
    {
      version,
      name: 'a_gates_two_qubit',
      circuit: 'H(0) CNOT(0,1) CZ(1,2) SWAP(0,2) M(0,1,2)',
      readouts: ['sampling(1000)', 'tomography'],
      islands: [],
    },
    {
      version,
      name: 'a_gates_controlled',
      circuit: CONTROLLED,
      readouts: ['sampling(2000)', 'expectation(["Z3"],0)'],
      islands: [],
    },
    {
      version,
      name: 'a_gates_adjoint_exponential',
      circuit: ADJOINT,
      readouts: ['sampling(1000)'],
      islands: [],
    },
    {
      version,
      name: 'a_measure_subset',
      circuit: 'H(0) CNOT(0,1) RY(2,0.8) M(0,2)',
      readouts: ['sampling(800,expand=false)'],
      islands: [],
    },
    {
      version,
      name: 'a_bell_all_readouts',
      circuit: 'H(0) CNOT(0,1)',
      readouts: ['sampling(500)', 'expectation(["Z0 Z1","X0 X1"],1000)', 'tomography'],
      islands: [],
    },
    {
      version,
      name: 'a_ghz4_no_measurement',
      circuit: 'H(0) CNOT(0,1) CNOT(1,2) CNOT(2,3)',
      readouts: ['sampling(2000)'],
      islands: [],
    },
    {
      version,
      name: 'a_hardware_efficient_ansatz',
      circuit: 'M(0,1,2)',
      ansatz: HEA,
      readouts: ['sampling(1000)'],
      islands: [],
    },
    {
      version,
      name: 'a_qaoa_ansatz',
      circuit: QAOA_GATES,
      readouts: ['sampling(1000)', 'expectation(["Z0 Z1 + Z1 Z2 - 0.5 Z0"],0)'],
      islands: ['digital_propagation_payload.digital_propagation.circuit'],
    },
  ]),
];

const ROOT = join(import.meta.dirname, '../fixtures/sdk');

export const variantOf = (c: CorpusCase): VariantId => (c.version.startsWith('B') ? 'B' : 'A');

/** The exact POST /execute body the SDK sent, and the ExecutePayload inside it. */
export function requestOf(c: CorpusCase): { body: string; payload: ExecutePayload } {
  const body = readFileSync(join(ROOT, c.version, 'requests', `${c.name}.json`), 'utf8');
  const payload = JSON.parse((JSON.parse(body) as { payload: string }).payload) as ExecutePayload;
  return { body, payload };
}

/** The request as a payload document (the SDK's strings inline), as a notebook file would hold it. */
export function documentOf(c: CorpusCase): string {
  return readFileSync(join(ROOT, c.version, 'requests', `${c.name}.yaml`), 'utf8');
}

/** The YAML strings of the request's payload field. */
export function stringsOf(payload: ExecutePayload): Record<string, string> {
  const field = Object.keys(payload).find(
    (k) => k.endsWith('_payload') && (payload as Record<string, unknown>)[k],
  )!;
  return (payload as Record<string, unknown>)[field] as Record<string, string>;
}

/** The model a case's SDK form reads into (no problem allowed). */
export function readModel(c: CorpusCase): {
  functional: Functional;
  readouts: Readout[] | null;
  params: ParamTable;
} {
  return readPayloadModel(variantOf(c), requestOf(c).payload);
}

/** The model an ExecutePayload in the SDK's form reads into (no problem allowed). */
export function readPayloadModel(
  variant: VariantId,
  payload: ExecutePayload,
): {
  functional: Functional;
  readouts: Readout[] | null;
  params: ParamTable;
} {
  const kind = executeKind(variant, payload.type)!;
  const strings = stringsOf(payload);
  const session = new ReadSession('collect');
  const at = (text: string, field: string) =>
    NodeRef.root(parseYamlSource(text, `${kind.payloadField}.${field}`, field), session);
  const parts = readJobParts(
    variant,
    payload.type,
    at(strings[kind.functionalField]!, kind.functionalField),
    kind.readout ? at(strings.readout!, 'readout') : null,
  );
  expect(session.problems.map((p) => p.message)).toEqual([]);
  return {
    functional: parts.functional!,
    readouts: parts.readouts ?? null,
    params: parts.ctx.params,
  };
}
