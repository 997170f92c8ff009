import { isMap, isPair, isScalar } from 'yaml';
import type { NodeRef } from '../node-reader';

/**
 * Tags only the SDK's form uses: a node carrying one is read by the SDK-form readers wherever
 * it stands (a "wire island" in a friendly document is read as the SDK wrote it).
 */
const SDK_ONLY_TAGS: ReadonlySet<string> = new Set([
  '!Readout',
  '!Hamiltonian',
  '!ndarray',
  '!csr_matrix',
  '!defaultdict',
  '!QAOA',
  '!TrotterizedSchedule',
]);

/**
 * Whether a node is in the SDK's form: a mapping with one of the SDK's private keys (`_gates`,
 * `_target_qubits`: the friendly dialect has no `_` keys), or a tag only the SDK writes
 * (`!qilisdk.Parameter`, `!Hamiltonian`, `!!python/...`). Decided per node, so a friendly
 * document may hold SDK-form objects where the friendly dialect has no construct.
 */
export function isSdkForm(ref: NodeRef): boolean {
  const tag = ref.tag;
  if (
    tag &&
    (SDK_ONLY_TAGS.has(tag) ||
      tag.startsWith('!qilisdk.') ||
      tag.startsWith('tag:yaml.org,2002:python/'))
  )
    return true;
  const node = ref.node;
  if (!isMap(node)) return false;
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const key = isScalar(pair.key) ? pair.key.value : undefined;
    if (typeof key === 'string' && key.startsWith('_')) return true;
  }
  return false;
}

/** Whether a mapping (tagged or not) has `key` among its keys: deciding a form, never failing. */
export function hasKey(ref: NodeRef, key: string): boolean {
  const node = ref.node;
  return isMap(node) && node.items.some((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
}
