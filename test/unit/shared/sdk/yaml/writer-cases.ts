import type { SdkNode } from '../../../../../src/shared/sdk/node';
import {
  sdkBool,
  sdkFloat,
  sdkInt,
  sdkMap,
  sdkNull,
  sdkSeq,
  sdkStr,
} from '../../../../../src/shared/sdk/node';

/*
 * One graph per rule of the writer, each with the bytes ruamel.yaml 0.19.1 (pure-Python emitter,
 * `YAML(typ="unsafe")`, the SDK's tuple representer) wrote for the Python objects it stands for.
 * The expected texts were produced once by ruamel itself and are pinned here.
 */

export interface WriterCase {
  rule: string;
  graph: SdkNode;
  expected: string;
}

const tuple = (...items: SdkNode[]) => sdkSeq(items, '!tuple');
const pauli = (kind: 'X' | 'Y' | 'Z', qubit: number) =>
  sdkMap([['_qubit', sdkInt(qubit)]], `!Pauli${kind}`);
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const z0 = pauli('Z', 0);
const sharedParameter = sdkMap(
  [
    ['_label', sdkStr('alpha')],
    ['_value', sdkFloat(0.3)],
  ],
  '!qilisdk.Parameter',
);
const gateA = sdkMap([['_parameters', sdkMap([['theta', sharedParameter]])]], '!RX');
const late = sdkMap([['x', sdkInt(1)]], '!Late');
const early = sdkMap([['y', sdkInt(2)]], '!Early');
const sharedText = sdkStr('same');
const sharedEmptyTuple = tuple();
const sharedEmptyList = sdkSeq([]);

export const WRITER_CASES: WriterCase[] = [
  {
    rule: 'str keys sort by code point (past U+FFFF too), the root tag alone on its line',
    graph: sdkMap(
      [
        ['b', sdkInt(1)],
        ['a', sdkInt(2)],
        ['B', sdkInt(3)],
        ['_x', sdkInt(4)],
        ['é', sdkInt(5)],
        ['😀', sdkInt(6)],
        ['\ue000', sdkInt(7)],
        ['c', sdkSeq([sdkInt(1), sdkMap([])])],
      ],
      '!Root',
    ),
    expected: '!Root\nB: 3\n_x: 4\na: 2\nb: 1\nc:\n- 1\n- {}\né: 5\n: 7\n😀: 6\n',
  },
  {
    rule: 'int, float and bool keys sort numerically together',
    graph: sdkMap([
      [sdkInt(2), sdkStr('a')],
      [sdkFloat(1.5), sdkStr('b')],
      [sdkBool(true), sdkStr('c')],
      [sdkFloat(0.25), sdkStr('d')],
      [sdkInt(-3), sdkStr('e')],
    ]),
    expected: '{-3: e, 0.25: d, true: c, 1.5: b, 2: a}\n',
  },
  {
    rule: 'str and number keys together stay in insertion order',
    graph: sdkMap([
      ['b', sdkInt(1)],
      [sdkInt(1), sdkInt(2)],
      ['a', sdkInt(3)],
    ]),
    expected: '{b: 1, 1: 2, a: 3}\n',
  },
  {
    rule: 'tuple keys sort when Python can compare them (a prefix comes first)',
    graph: sdkMap(
      [
        [
          'items',
          sdkMap([
            [tuple(z0, pauli('Z', 1)), sdkFloat(1)],
            [tuple(z0), sdkFloat(0.5)],
          ]),
        ],
      ],
      '!Hamiltonian',
    ),
    expected:
      '!Hamiltonian\nitems:\n  ? !tuple\n  - &id001 !PauliZ {_qubit: 0}\n  : 0.5\n  ? !tuple\n  - *id001\n  - !PauliZ {_qubit: 1}\n  : 1.0\n',
  },
  {
    rule: 'tuple keys stay in insertion order when objects would be compared',
    graph: sdkMap([
      [
        'items',
        sdkMap([
          [tuple(pauli('Z', 0), pauli('Z', 1)), sdkFloat(1)],
          [tuple(pauli('Z', 0)), sdkFloat(0.5)],
          [tuple(pauli('Y', 0)), sdkFloat(-0.3)],
        ]),
      ],
    ]),
    expected:
      'items:\n  ? !tuple\n  - !PauliZ {_qubit: 0}\n  - !PauliZ {_qubit: 1}\n  : 1.0\n  ? !tuple\n  - !PauliZ {_qubit: 0}\n  : 0.5\n  ? !tuple\n  - !PauliY {_qubit: 0}\n  : -0.3\n',
  },
  {
    rule: 'object keys stay in insertion order; alias keys take a space before the colon',
    graph: sdkMap([
      [
        'terms',
        sdkMap([
          [sharedParameter, sdkInt(1)],
          [
            sdkMap(
              [
                ['_label', sdkStr('b')],
                ['_bin', sdkSeq([])],
              ],
              '!Variable',
            ),
            sdkInt(2),
          ],
        ]),
      ],
      ['zz', sdkMap([[sharedParameter, sdkFloat(-1)]])],
    ]),
    expected:
      'terms:\n  &id001 !qilisdk.Parameter {_label: alpha, _value: 0.3}: 1\n  ? !Variable\n    _bin: []\n    _label: b\n  : 2\nzz:\n  *id001 : -1.0\n',
  },
  {
    rule: 'anchors are numbered where a node is met the second time',
    graph: sdkMap([
      ['a', late],
      ['b', early],
      ['c', early],
      ['d', late],
      ['e', gateA],
      ['f', sdkSeq([tuple(sdkStr('theta'), gateA)])],
    ]),
    expected:
      'a: &id002 !Late {x: 1}\nb: &id001 !Early {y: 2}\nc: *id001\nd: *id002\ne: &id003 !RX\n  _parameters:\n    theta: !qilisdk.Parameter {_label: alpha, _value: 0.3}\nf:\n- !tuple\n  - theta\n  - *id003\n',
  },
  {
    rule: 'untagged scalars and the empty tuple are never anchored; other shared nodes are',
    graph: sdkMap([
      ['a', sharedText],
      ['b', sharedText],
      ['c', sharedEmptyTuple],
      ['d', sharedEmptyTuple],
      ['e', sharedEmptyList],
      ['f', sharedEmptyList],
    ]),
    expected: 'a: same\nb: same\nc: !tuple []\nd: !tuple []\ne: &id001 []\nf: *id001\n',
  },
  {
    rule: 'flow style for collections of scalars, block otherwise; compact nesting in sequences',
    graph: sdkMap([
      ['flow', sdkSeq([sdkInt(1), sdkStr('x'), sdkNull()])],
      [
        'map',
        sdkMap(
          [
            ['imag', sdkFloat(0)],
            ['real', sdkFloat(1)],
          ],
          '!complex',
        ),
      ],
      [
        'block',
        sdkSeq([
          sdkSeq([sdkInt(1), sdkSeq([sdkInt(2)])]),
          sdkMap([
            ['k', sdkSeq([sdkInt(3)])],
            ['j', sdkInt(4)],
          ]),
          sdkSeq([]),
        ]),
      ],
      [
        'empty',
        sdkMap([
          ['l', sdkSeq([])],
          ['m', sdkMap([])],
          ['t', tuple()],
        ]),
      ],
    ]),
    expected:
      'block:\n- - 1\n  - [2]\n- j: 4\n  k: [3]\n- []\nempty:\n  l: []\n  m: {}\n  t: !tuple []\nflow: [1, x, null]\nmap: !complex {imag: 0.0, real: 1.0}\n',
  },
  {
    rule: 'explicit keys for collections and for scalars of 128 characters or more',
    graph: sdkMap([
      [tuple(sdkInt(0), sdkInt(1)), sdkStr('flow tuple key')],
      [
        tuple(pauli('X', 0)),
        sdkMap(
          [
            ['imag', sdkFloat(0)],
            ['real', sdkFloat(1)],
          ],
          '!complex',
        ),
      ],
      [sdkStr('k'.repeat(122)), sdkInt(1)],
      [sdkStr('k'.repeat(123)), sdkInt(2)],
      [sdkStr('multi\nline'), sdkInt(3)],
    ]),
    expected:
      '!tuple [0, 1]: flow tuple key\n? !tuple\n- !PauliX {_qubit: 0}\n: !complex {imag: 0.0, real: 1.0}\nkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk: \n  1\n? kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\n: 2\n? "multi\\nline"\n: 3\n',
  },
  {
    rule: 'scalar styles: plain when it reads back the same, else single quotes, else double',
    graph: sdkSeq(
      [
        '',
        '00',
        'true',
        'True',
        'yes',
        'null',
        '~',
        '1e5',
        '1_000',
        '.5',
        '0o17',
        '2001-12-14',
        '<<',
        '=',
        '- x',
        'a: b',
        'a:b',
        'a #b',
        '#x',
        "it's",
        'a\nb',
        'tab\there',
        ' lead',
        'trail ',
        'é → 😀',
        '\u00a0nbsp',
        'bom\ufeff',
        '*x',
        '&x',
        '!x',
        '[x]',
        'x,y',
        '?x',
        '? x',
        '-x',
        'Real Domain',
      ]
        .map((s): SdkNode => sdkStr(s))
        .concat([sdkMap([['k', sdkStr('')]])]),
    ),
    expected:
      "- ''\n- '00'\n- 'true'\n- 'True'\n- yes\n- 'null'\n- '~'\n- '1e5'\n- '1_000'\n- '.5'\n- '0o17'\n- '2001-12-14'\n- '<<'\n- '='\n- '- x'\n- 'a: b'\n- a:b\n- 'a #b'\n- '#x'\n- it's\n- \"a\\nb\"\n- \"tab\\there\"\n- ' lead'\n- 'trail '\n- é → 😀\n-  nbsp\n- \"bom\\uFEFF\"\n- '*x'\n- '&x'\n- '!x'\n- '[x]'\n- x,y\n- ?x\n- '? x'\n- -x\n- Real Domain\n- {k: ''}\n",
  },
  {
    rule: "floats as Python's repr, ints exact, bools and null",
    graph: sdkSeq(
      [
        1e30,
        -1e30,
        1e-5,
        2.5e-7,
        1e16,
        1e15,
        1e-4,
        0.1 + 0.2,
        5e-324,
        1.7976931348623157e308,
        -0,
        0,
        Infinity,
        -Infinity,
        NaN,
        100,
        123456789.123,
      ]
        .map((x): SdkNode => sdkFloat(x))
        .concat([
          sdkInt(8329607030044928788n),
          sdkInt(2n ** 64n + 1n),
          sdkInt(-5),
          sdkBool(false),
          sdkNull(),
          sdkMap([]),
        ]),
    ),
    expected:
      '- 1e+30\n- -1e+30\n- 1e-05\n- 2.5e-07\n- 1e+16\n- 1000000000000000.0\n- 0.0001\n- 0.30000000000000004\n- 5e-324\n- 1.7976931348623157e+308\n- -0.0\n- 0.0\n- .inf\n- -.inf\n- .nan\n- 100.0\n- 123456789.123\n- 8329607030044928788\n- 18446744073709551617\n- -5\n- false\n- null\n- {}\n',
  },
  {
    rule: 'flow collections wrap past 80 columns with a trailing space; plain and quoted text wraps',
    graph: sdkMap([
      [
        'data',
        sdkMap(
          [['data', sdkSeq(Array.from({ length: 24 }, (_, i) => sdkFloat(Math.sin(i + 1))))]],
          '!ndarray',
        ),
      ],
      ['plain', sdkSeq([sdkStr(words(30)), sdkMap([])])],
      ['single', sdkSeq([sdkStr(`${words(30)} `), sdkMap([])])],
      ['double', sdkSeq([sdkStr(`${words(14)}\n${words(14)}`), sdkMap([])])],
      ['tagged', sdkSeq([sdkStr(`${'gASV'.repeat(30)}`, '!lambda'), sdkMap([])])],
      [
        'interpolation',
        sdkSeq(
          [sdkStr('linear interpolation between schedule points')],
          'tag:yaml.org,2002:python/object/apply:qilisdk.core.interpolator.Interpolation',
        ),
      ],
    ]),
    expected:
      'data: !ndarray\n  data: [0.8414709848078965, 0.9092974268256817, 0.1411200080598672, \n      -0.7568024953079282, -0.9589242746631385, -0.27941549819892586, \n      0.6569865987187891, 0.9893582466233818, 0.4121184852417566, \n      -0.5440211108893698, -0.9999902065507035, -0.5365729180004349, \n      0.4201670368266409, 0.9906073556948704, 0.6502878401571168, \n      -0.2879033166650653, -0.9613974918795568, -0.7509872467716762, \n      0.14987720966295234, 0.9129452507276277, 0.8366556385360561, \n      -0.008851309290403876, -0.8462204041751706, -0.9055783620066238]\ndouble:\n- "word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12\n  word13\\nword0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11\n  word12 word13"\n- {}\ninterpolation: !!python/object/apply:qilisdk.core.interpolator.Interpolation [\n    linear interpolation between schedule points]\nplain:\n- word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 \n  word12 word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 \n  word23 word24 word25 word26 word27 word28 word29\n- {}\nsingle:\n- \'word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12\n  word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23 word24\n  word25 word26 word27 word28 word29 \'\n- {}\ntagged:\n- !lambda \n  gASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASVgASV\n- {}\n',
  },
  {
    rule: 'tags: !! for the YAML namespace, !<…> for other URIs, %-escapes; an empty tagged string',
    graph: sdkMap([
      [
        'a',
        sdkMap(
          [
            ['_x', sdkInt(1)],
            ['_y', sdkSeq([])],
          ],
          'tag:yaml.org,2002:python/object:qilisdk.x.Y',
        ),
      ],
      ['b', sdkStr('v', 'tag:example.com,2000:x')],
      ['c', sdkStr('v', '!a b')],
      ['d', sdkStr('', '!Empty')],
      ['e', sdkSeq([sdkStr('', '!Empty')])],
      ['f', sdkStr('2001-12-14', 'tag:yaml.org,2002:timestamp')],
    ]),
    expected:
      "a: !!python/object:qilisdk.x.Y\n  _x: 1\n  _y: []\nb: !<tag:example.com,2000:x> v\nc: !a%20b v\nd: !Empty\ne: [!Empty '']\nf: 2001-12-14\n",
  },
  {
    rule: 'a plain scalar at the root ends the document with ...',
    graph: sdkStr('text'),
    expected: 'text\n...\n',
  },
  {
    rule: 'a flow collection at the root',
    graph: sdkSeq([sdkInt(1), sdkInt(2)]),
    expected: '[1, 2]\n',
  },
];
