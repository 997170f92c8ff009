import type { SdkNode } from '../../../../../src/shared/sdk/node';

/*
 * Seeded random SDK graphs for round-trip tests: the node kinds, tags and key kinds the SDK uses
 * (str, int, float and tuple keys, objects as keys, shared objects, 64-bit ints, -0.0, NaN),
 * scalars that need every quoting rule and long ones that wrap. `readable` leaves out what
 * ruamel itself writes in a form no YAML reader reads back as the same value (see
 * docs/sdk-wire.md): empty collections and shared scalars as keys, U+0085/U+2028/U+2029.
 */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  '_gates',
  '_nqubits',
  '_parameters',
  'theta',
  'circuit',
  'nshots',
  'Real Domain',
  '',
  '00',
  '11',
  'true',
  'True',
  'null',
  'Null',
  '~',
  'yes',
  'no',
  'on',
  '1e5',
  '12',
  '-0.5',
  '0x1F',
  '.inf',
  '1_0',
  '12:30',
  '2001-12-14',
  '<<',
  '=',
  ' lead',
  'trail ',
  'a  b',
  "it's",
  'say "hi"',
  '#tag',
  'a #b',
  'a: b',
  'a:b',
  'key:',
  '- item',
  '-item',
  '[a]',
  '{a}',
  'a,b',
  '*star',
  '&amp',
  '!bang',
  '|pipe',
  '>gt',
  '%pct',
  '@at',
  '`tick',
  '---',
  '...',
  'a\nb',
  'a\n\nb',
  'a \nb',
  '\nlead',
  'tail\n',
  'tab\there',
  'nul\u0000',
  'bell\u0007',
  'esc\u001b',
  'é',
  '→ arrow',
  'nbsp\u00a0',
  'bom\ufeff',
  'emoji 😀',
  '😀',
  'back\\slash',
  '+',
  '-',
  '.',
  '0',
  '-0',
  '1.',
  'ok',
];
// ruamel writes these plain inside flow collections, where no reader (ruamel's included) reads
// them back; and it treats U+0085, U+2028, U+2029 as line breaks, which YAML 1.2 does not.
const SHORT = ['a', 'b', 'theta', '00', 'x y'];
/**
 * Words a long text may hold and still read back: ruamel breaks a long double-quoted string
 * after an escape without its `\\`, which adds a space (docs/sdk-wire.md). Without a character
 * that needs double quotes, a long text is written plain or single-quoted.
 */
/** ruamel's plain wrapping can end a line after two spaces, and a reader then reads one. */
const READABLE_WORDS = WORDS.filter((w) => !w.includes('  '));
const KEY_WORDS = READABLE_WORDS.filter((w) => !w.includes(' '));
const WRAP_SAFE_WORDS = READABLE_WORDS.filter(
  (w) => !!w && !/['\ufeff]|^ | $/.test(w) && ![...w].some((ch) => ch < ' '), // (single spaces)
);
const UNREADABLE_WORDS = ['? q', '?q', ':x', 'nel\u0085', 'ls\u2028x', 'ps\u2029'];
const TAGS = [
  '!H',
  '!RX',
  '!Circuit',
  '!qilisdk.Parameter',
  '!complex',
  '!ndarray',
  '!Hamiltonian',
  'tag:yaml.org,2002:python/object:qilisdk.cost_functions.observable_cost_function.ObservableCostFunction',
  'tag:yaml.org,2002:python/object/apply:qilisdk.core.interpolator.Interpolation',
];
const SCALAR_TAGS = [
  '!Domain',
  '!qilisdk.Domain',
  '!type',
  '!lambda',
  '!Operation',
  'tag:yaml.org,2002:timestamp',
];
const FLOATS = [
  0,
  -0,
  0.5,
  -1.25,
  1e30,
  -1e30,
  1e16,
  1e15,
  1e-4,
  1e-5,
  2.5e-7,
  0.1 + 0.2,
  NaN,
  Infinity,
  -Infinity,
  5e-324,
  1.7976931348623157e308,
  123456789.123,
];
const INTS = [
  0n,
  1n,
  -1n,
  7n,
  1000n,
  8329607030044928788n,
  -8977764011061596921n,
  2n ** 64n + 1n,
  9007199254740993n,
];

export interface GraphOptions {
  readable?: boolean;
  depth?: number;
}

export function randomSdkGraph(
  seed: number,
  { readable = true, depth = 5 }: GraphOptions = {},
): SdkNode {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const pool: SdkNode[] = [];
  let qubits = 0;
  const words = readable ? READABLE_WORDS : [...WORDS, ...UNREADABLE_WORDS];

  const text = (): string => {
    const r = rnd();
    if (r < 0.75) return pick(words);
    if (r < 0.85) {
      // long text with spaces: wraps as plain, single or double quoted
      const n = 10 + Math.floor(rnd() * 40);
      const from = readable ? WRAP_SAFE_WORDS : words;
      return Array.from({ length: n }, () => pick(from)).join(
        !readable && chance(0.2) ? '  ' : ' ',
      );
    }
    if (r < 0.92) return 'gASV'.repeat(10 + Math.floor(rnd() * 60)); // a long word (base64)
    const soup = Array.from({ length: 1 + Math.floor(rnd() * (readable ? 10 : 30)) }, () =>
      pick(['a', ' ', "'", '"', '\n', 'é', '\\', ':', '#']),
    ).join('');
    // ruamel writes `: x` and `? x` plain in flow collections, where they are indicators.
    return readable ? `a${soup}` : soup;
  };

  /**
   * A string key. ruamel wraps a plain key of under 128 characters that runs past column 80
   * between its words, over two lines, which no reader reads: readable keys are one word, or
   * long enough (128 and more) to be written as explicit `? ` keys.
   */
  const keyText = (): string => {
    if (!readable) return text();
    if (chance(0.9)) return pick(KEY_WORDS);
    let long = pick(WRAP_SAFE_WORDS);
    while (long.length < 130) long += ` ${pick(WRAP_SAFE_WORDS)}`;
    return long;
  };

  const scalar = (): SdkNode => {
    const r = rnd();
    if (r < 0.35) return { kind: 'str', value: text(), tag: null };
    if (r < 0.5)
      return {
        kind: 'int',
        value: chance(0.5) ? pick(INTS) : BigInt(Math.floor(rnd() * 2000) - 1000),
        tag: null,
      };
    if (r < 0.7)
      return {
        kind: 'float',
        value: chance(0.5) ? pick(FLOATS) : (rnd() - 0.5) * 10 ** Math.floor(rnd() * 40 - 20),
        tag: null,
      };
    if (r < 0.75) return { kind: 'bool', value: chance(0.5), tag: null };
    if (r < 0.8) return { kind: 'null', tag: null };
    const tag = pick(SCALAR_TAGS);
    return { kind: 'str', value: tag.endsWith('timestamp') ? '2001-12-14' : text(), tag };
  };

  /** A key no other key of the mapping equals in Python. */
  const key = (level: number, taken: Set<string>): SdkNode => {
    for (;;) {
      const r = rnd();
      let k: SdkNode;
      if (r < 0.6) k = { kind: 'str', value: keyText(), tag: null };
      else if (r < 0.72) k = { kind: 'int', value: BigInt(Math.floor(rnd() * 40) - 5), tag: null };
      else if (r < 0.8)
        k = { kind: 'float', value: pick([0, 0.5, 2, 1e30, -1.5, 3.25]), tag: null };
      else if (r < 0.88 && level > 0) {
        const items = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (): SdkNode => {
          if (chance(0.5)) return { kind: 'int', value: BigInt(Math.floor(rnd() * 4)), tag: null };
          if (!readable) return node(level - 1, true);
          return chance(0.5)
            ? { kind: 'str', value: pick(SHORT), tag: null }
            : keyObject(level - 1);
        });
        k = { kind: 'seq', items, tag: '!tuple' };
      } else if (level > 0) k = keyObject(level - 1);
      else k = { kind: 'str', value: `k${Math.floor(rnd() * 1000)}`, tag: null };
      const id = pythonKeyId(k);
      if (id !== null) {
        if (taken.has(id)) continue;
        taken.add(id);
      }
      return k;
    }
  };

  /**
   * An object to use as a key. ruamel writes a key of scalars only in flow style on the key's
   * line whatever its length, wrapping it past 80 columns into a multi-line key no reader reads:
   * readable keys are short or hold a collection (then written as an explicit `? ` key).
   */
  const keyObject = (level: number): SdkNode => {
    const built = object(level);
    if (
      readable &&
      built.kind === 'map' &&
      !built.tag?.startsWith('!Pauli') &&
      built.entries.length
    ) {
      const list: SdkNode = {
        kind: 'seq',
        items: [{ kind: 'int', value: 1n, tag: null }],
        tag: null,
      };
      built.entries.push([{ kind: 'str', value: '_block', tag: null }, list]);
    }
    return built;
  };

  const object = (level: number): SdkNode => {
    if (chance(0.1)) {
      // Pauli operators equal by qubit in Python: a new qubit each, so no two keys collide.
      const qubit: SdkNode = { kind: 'int', value: BigInt(qubits++), tag: null };
      const built: SdkNode = {
        kind: 'map',
        tag: pick(['!PauliX', '!PauliZ']),
        entries: [[{ kind: 'str', value: '_qubit', tag: null }, qubit]],
      };
      pool.push(built);
      return built;
    }
    return collection(level, 'map', pick(TAGS));
  };

  const collection = (level: number, kind: 'seq' | 'map', tag: string | null): SdkNode => {
    const n = chance(0.15) ? 0 : 1 + Math.floor(rnd() * 5);
    let built: SdkNode;
    if (kind === 'seq') {
      built = { kind: 'seq', tag, items: Array.from({ length: n }, () => node(level - 1)) };
    } else {
      const taken = new Set<string>();
      const numeric = chance(0.15);
      const entries = Array.from({ length: n }, () => {
        const k = numeric
          ? ({ kind: 'int', value: BigInt(Math.floor(rnd() * 100)), tag: null } as SdkNode)
          : key(level, taken);
        return [k, node(level - 1)] as const;
      });
      const seen = new Set<string>();
      built = {
        kind: 'map',
        tag,
        entries: entries.filter(
          ([k]) =>
            k.kind !== 'int' ||
            !numeric ||
            (!seen.has(String(k.value)) && !!seen.add(String(k.value))),
        ),
      };
    }
    pool.push(built);
    return built;
  };

  function node(level: number, asKey = false): SdkNode {
    if (!asKey && pool.length && chance(0.12)) return pick(pool);
    if (level <= 0 || chance(0.35)) {
      const s = scalar();
      if (s.tag !== null && !asKey && chance(0.3)) pool.push(s);
      return s;
    }
    if (asKey) return object(level);
    const r = rnd();
    if (r < 0.3) return collection(level, 'seq', chance(0.4) ? '!tuple' : null);
    if (r < 0.55) return collection(level, 'map', null);
    return object(level);
  }

  const root = collection(depth, 'map', pick(TAGS));
  if (readable)
    stripUnreadableKeys(root, new Set(pool.filter((n) => n.kind !== 'seq' && n.kind !== 'map')));
  return root;
}

/** A key's identity as Python's dict sees it (`1`, `1.0`, `True` and `(1,)`-like tuples), or null. */
export function pythonKeyId(k: SdkNode): string | null {
  if (k.tag !== null && !(k.kind === 'seq' && k.tag === '!tuple')) return null;
  switch (k.kind) {
    case 'str':
      return `s${k.value}`;
    case 'int':
      return `n${k.value}`;
    case 'bool':
      return k.value ? 'n1' : 'n0';
    case 'null':
      return 'z';
    case 'float':
      if (Number.isNaN(k.value)) return null;
      return Number.isInteger(k.value) ? `n${BigInt(k.value)}` : `f${k.value}`;
    case 'seq': {
      const ids = k.items.map(pythonKeyId);
      return ids.every((id) => id !== null) ? `t(${ids.join(',')})` : null;
    }
    default:
      return null;
  }
}

/** Drops keys ruamel writes unreadably: empty collections, and scalars shared elsewhere. */
function stripUnreadableKeys(root: SdkNode, sharedScalars: Set<SdkNode>): void {
  const seen = new Set<SdkNode>();
  const visit = (n: SdkNode): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.kind === 'seq') n.items.forEach(visit);
    if (n.kind !== 'map') return;
    const kept = n.entries.filter(([k]) => {
      if (sharedScalars.has(k)) return false;
      return !(
        (k.kind === 'seq' && k.items.length === 0) ||
        (k.kind === 'map' && k.entries.length === 0)
      );
    });
    n.entries.splice(0, n.entries.length, ...kept);
    n.entries.forEach(([k, v]) => (visit(k), visit(v)));
  };
  visit(root);
}
