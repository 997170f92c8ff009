/**
 * A circuit in the SDK's own form, as qilisdk would serialize it, for the SDK-wire benches: the
 * gate shapes of the corpus (the requests `*_gates_rotations*` and `*_gates_controlled` of `test/fixtures/sdk`)
 * repeated with varied qubits and angles. Variant B (qilisdk 0.1.6) carries each gate's matrix;
 * Variant A (main) carries none but names every Parameter in the circuit's `_parameters` and
 * `_parameters_link`, which refer back to the gates by alias (tens of thousands of aliases).
 */
import type { SdkMap, SdkNode } from '../src/shared/sdk/node';
import { sdkBool, sdkFloat, sdkInt, sdkMap, sdkNull, sdkSeq, sdkStr } from '../src/shared/sdk/node';

const UNBOUNDED = sdkSeq([sdkFloat(-1e30), sdkFloat(1e30)], '!tuple');
const tuple = (...qubits: number[]): SdkNode =>
  sdkSeq(
    qubits.map((q) => sdkInt(q)),
    '!tuple',
  );
const complex = (re: number, im: number): SdkNode =>
  sdkMap(
    [
      ['real', sdkFloat(re)],
      ['imag', sdkFloat(im)],
    ],
    '!complex',
  );

function matrix(cells: Array<[number, number]>, size: number): SdkNode {
  return sdkMap(
    [
      ['dtype', sdkStr('complex128')],
      ['shape', tuple(size, size)],
      ['data', sdkSeq(cells.map(([re, im]) => complex(re, im)))],
    ],
    '!ndarray',
  );
}

function rotationMatrix(kind: string, theta: number): Array<[number, number]> {
  const [c, s] = [Math.cos(theta / 2), Math.sin(theta / 2)];
  if (kind === 'RX')
    return [
      [c, 0],
      [0, -s],
      [0, -s],
      [c, 0],
    ];
  if (kind === 'RY')
    return [
      [c, 0],
      [-s, 0],
      [s, 0],
      [c, 0],
    ];
  return [
    [c, -s],
    [0, 0],
    [0, 0],
    [c, s],
  ];
}

const ROTATIONS = ['RX', 'RY', 'RZ'] as const;
const ANGLE_NAME: Record<string, string> = { RX: 'theta', RY: 'theta', RZ: 'phi' };

/** Variant B: `!Sampling` of a circuit whose gates carry matrices and 0.1.6 Parameters. */
export function variantBCircuit(gates: number, qubits = 20): SdkNode {
  const noParameters = sdkMap([]); // 0.1.6 shares one empty dict between parameterless gates
  const list: SdkNode[] = [];
  for (let i = 0; i < gates; i++) {
    const q = (i * 7) % qubits;
    if (i % 4 === 3) {
      const h = Math.SQRT1_2;
      list.push(
        sdkMap(
          [
            [
              '_matrix',
              matrix(
                [
                  [h, 0],
                  [h, 0],
                  [h, 0],
                  [-h, 0],
                ],
                2,
              ),
            ],
            ['_parameters', noParameters],
            ['_target_qubits', tuple(q)],
          ],
          '!H',
        ),
      );
      continue;
    }
    const kind = ROTATIONS[i % 3]!;
    const theta = ((i % 628) - 314) / 100;
    const parameter = sdkMap(
      [
        ['_label', sdkStr(ANGLE_NAME[kind]!)],
        ['_value', sdkFloat(theta)],
        ['_domain', sdkStr('Real Domain', '!Domain')],
        ['_bounds', UNBOUNDED],
      ],
      '!Parameter',
    );
    list.push(
      sdkMap(
        [
          ['_target_qubits', tuple(q)],
          ['_parameters', sdkMap([[ANGLE_NAME[kind]!, parameter]])],
          ['_matrix', matrix(rotationMatrix(kind, theta), 2)],
        ],
        `!${kind}`,
      ),
    );
  }
  const circuit = sdkMap(
    [
      ['_nqubits', sdkInt(qubits)],
      ['_gates', sdkSeq(list)],
    ],
    '!Circuit',
  );
  return sdkMap(
    [
      ['circuit', circuit],
      ['nshots', sdkInt(1000)],
    ],
    '!Sampling',
  );
}

/** Variant A (main): `!DigitalPropagation` with named Parameters linked back to their gates. */
export function variantACircuit(gates: number, qubits = 20): SdkNode {
  const common = (): Array<[string, SdkNode]> => [
    ['_parameter_constraints', sdkSeq([])],
    ['_parameter_transforms', sdkMap([])],
    ['_prefix', sdkStr('')],
  ];
  const list: SdkNode[] = [];
  const parameters: Array<[string, SdkNode]> = [];
  const links: Array<[string, SdkNode]> = [];
  for (let i = 0; i < gates; i++) {
    const q = (i * 7) % qubits;
    if (i % 4 === 3) {
      const x = sdkMap(
        [...common(), ['_parameters', sdkMap([])], ['_target_qubits', tuple(q)]],
        '!X',
      );
      list.push(
        sdkMap(
          [
            ['_basic_gate', x],
            ['_control_qubits', tuple((q + 1) % qubits)],
            ['_parameter_constraints', sdkSeq([])],
            ['_parameters', sdkMap([])],
            ['_prefix', sdkStr('')],
          ],
          '!Controlled',
        ),
      );
      continue;
    }
    const kind = ROTATIONS[i % 3]!;
    const label = `${kind}(${q})_${ANGLE_NAME[kind]}_${i}`;
    const parameter = sdkMap(
      [
        ['_bounds', UNBOUNDED],
        ['_domain', sdkStr('Real Domain', '!qilisdk.Domain')],
        [
          '_hash_cache',
          i % 2 ? sdkInt(BigInt.asIntN(64, BigInt(i) * 0x9e3779b97f4a7c15n)) : sdkNull(),
        ],
        ['_label', sdkStr(label)],
        ['_trainable', sdkBool(true)],
        ['_value', sdkFloat(((i % 628) - 314) / 100)],
      ],
      '!qilisdk.Parameter',
    );
    const gate: SdkMap = sdkMap(
      [
        ...common(),
        ['_parameters', sdkMap([[ANGLE_NAME[kind]!, parameter]])],
        ['_target_qubits', tuple(q)],
      ],
      `!${kind}`,
    );
    list.push(gate);
    parameters.push([label, parameter]);
    links.push([label, sdkSeq([sdkSeq([sdkStr(ANGLE_NAME[kind]!), gate], '!tuple')])]);
  }
  const circuit = sdkMap(
    [
      ['_gates', sdkSeq(list)],
      [
        '_init_state',
        sdkMap(
          [
            ['data', sdkSeq([sdkFloat(0), sdkFloat(0)])],
            ['dtype', sdkStr('float64')],
            ['shape', tuple(2)],
          ],
          '!ndarray',
        ),
      ],
      ['_nqubits', sdkInt(qubits)],
      ['_parameter_constraints', sdkSeq([])],
      ['_parameters', sdkMap(parameters)],
      ['_parameters_link', sdkMap(links)],
      ['_prefix', sdkStr('')],
    ],
    '!Circuit',
  );
  return sdkMap(
    [
      ['_parameter_constraints', sdkSeq([])],
      ['_parameters', sdkMap([])],
      ['_prefix', sdkStr('')],
      ['circuit', circuit],
    ],
    '!DigitalPropagation',
  );
}
