import { LineCounter, isMap, isNode, isScalar, isSeq, visit } from 'yaml';
import { VARIANT_IDS, VARIANTS } from '../../../../shared/variants';
import type { ExecuteKind, WorkKind } from '../../../../shared/variants';
import { parseDocumentWithin } from '../../../../shared/yaml/bounded-document';
import { PAYLOAD_LIMITS } from '../../../../shared/yaml/limits';
import { readPlainDocument } from '../../../../shared/yaml/parse';

/** What kind of work a payload asks a device to do (docs/payload-dialect.md, "Devices and physics"). */
export type { WorkKind };

/** What the pre-flight panel needs to know about a payload, read without running it. */
export interface PayloadFacts {
  executeType: string | null;
  work: WorkKind | null;
  /** Qubits the payload needs, or null when it cannot be told from the text. */
  qubits: number | null;
  /** Where `qubits` was read from, in words ("!Circuit nqubits"). */
  qubitsSource: string | null;
}

/** What a text that cannot be read within the payload's limits tells. */
export const NO_FACTS: PayloadFacts = {
  executeType: null,
  work: null,
  qubits: null,
  qubitsSource: null,
};

/** The functional tags of every execute type (either variant) declared to do `work`. */
function functionalTagsOf(work: WorkKind): string[] {
  const kinds = VARIANT_IDS.flatMap((id): readonly ExecuteKind[] => VARIANTS[id].executeKinds);
  return kinds.filter((k) => k.work === work).flatMap((k) => k.functionalTags);
}

const SCHEDULE_TAGS = ['!Schedule', ...functionalTagsOf('schedule')];
const CIRCUIT_TAGS = ['!Circuit', ...functionalTagsOf('circuit')];
const EXPERIMENT_TAGS = functionalTagsOf('experiment');
const PAULI_KEYS = new Set(['hamiltonians', 'observables', 'observable', 'paulis']);
const PAULI_FACTOR = /\b[IXYZ](\d+)\b/g;

/** A key may carry the SDK's leading underscore (`_nqubits`); both spellings mean the same. */
function read(node: unknown, key: string): unknown {
  if (!isMap(node)) return undefined;
  return node.get(key, true) ?? node.get(`_${key}`, true);
}

function intOf(node: unknown): number | null {
  const v = isScalar(node) ? node.value : node;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

function pauliWidth(node: unknown): number {
  let width = 0;
  if (!isNode(node)) return 0;
  visit(node, {
    Scalar(_key, scalar) {
      if (typeof scalar.value !== 'string') return;
      for (const m of scalar.value.matchAll(PAULI_FACTOR))
        width = Math.max(width, Number(m[1]) + 1);
    },
  });
  return width;
}

function initialStateWidth(node: unknown): number {
  if (isScalar(node) && typeof node.value === 'string' && /^[01+-]+$/.test(node.value)) {
    return node.value.length;
  }
  if (isSeq(node) && node.items.length > 1) {
    const n = Math.log2(node.items.length);
    return Number.isInteger(n) ? n : 0;
  }
  return 0;
}

export function payloadFacts(text: string, experimentTypes: readonly string[]): PayloadFacts {
  // The plain reader first (most payloads, a megabyte in tens of milliseconds), then the `yaml`
  // package; both within the payload's limits (a text past them tells nothing).
  const lines = new LineCounter();
  const { doc } =
    readPlainDocument(text, lines) ??
    parseDocumentWithin(text, lines, PAYLOAD_LIMITS, { logLevel: 'silent', uniqueKeys: false });
  if (!doc) return NO_FACTS;
  const type = doc.get('type');
  const executeType = typeof type === 'string' ? type : null;
  const tags = new Set<string>();
  let circuitWidth: number | null = null;
  let implied = 0;
  const sources = new Set<string>();

  visit(doc, {
    Map(_key, map) {
      if (map.tag) tags.add(map.tag);
      if (map.tag === '!Circuit') {
        const n = intOf(read(map, 'nqubits'));
        if (n !== null) circuitWidth = Math.max(circuitWidth ?? 0, n);
      }
      for (const key of ['qubit_id', 'qubit']) {
        const q = intOf(read(map, key));
        if (q !== null && map.tag && EXPERIMENT_TAGS.includes(map.tag)) {
          implied = Math.max(implied, q + 1);
          sources.add(`${map.tag} ${key}`);
        }
      }
      const state = initialStateWidth(read(map, 'initial_state'));
      if (state > 0) {
        implied = Math.max(implied, state);
        sources.add('initial_state');
      }
      for (const pair of map.items) {
        const k = isScalar(pair.key) ? String(pair.key.value).replace(/^_/, '') : '';
        if (!PAULI_KEYS.has(k)) continue;
        const w = pauliWidth(pair.value);
        if (w > 0) {
          implied = Math.max(implied, w);
          sources.add('Pauli terms');
        }
      }
    },
    Seq(_key, seq) {
      if (seq.tag) tags.add(seq.tag);
    },
    Scalar(_key, scalar) {
      if (scalar.tag) tags.add(scalar.tag);
    },
  });

  const has = (list: string[]) => list.some((t) => tags.has(t));
  const work: WorkKind | null = has(SCHEDULE_TAGS)
    ? 'schedule'
    : has(CIRCUIT_TAGS)
      ? 'circuit'
      : has(EXPERIMENT_TAGS) || (executeType !== null && experimentTypes.includes(executeType))
        ? 'experiment'
        : null;

  // A circuit states its width; otherwise the widest thing the payload addresses is a lower bound.
  const width: number | null = circuitWidth;
  const qubits = width !== null ? Math.max(width, implied) : implied > 0 ? implied : null;
  const qubitsSource =
    width !== null ? '!Circuit nqubits' : implied > 0 ? [...sources].join(', ') : null;
  return { executeType, work, qubits, qubitsSource };
}
