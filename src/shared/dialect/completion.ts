import { isMap, isPair, isScalar, isSeq, parseDocument, visit } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { VARIANTS } from '../variants/declaration';
import type { VariantId } from '../variants/declaration';
import { keyString } from '../yaml/paths';
import { dialectOf } from './declaration';
import type { FieldDecl, ObjectDecl } from './declaration';

/*
 * Completion from the dialect's declaration: at a place where a tag can stand, the tags that
 * may stand there (with their required fields on the next level); inside a dialect object, its
 * missing fields, required ones first; at a field with fixed values, those values. Everything
 * else (`type`, the payload fields) is the JSON Schema's, which monaco-yaml completes.
 */

export interface DialectSuggestion {
  label: string;
  kind: 'tag' | 'field' | 'value';
  /** Snippet syntax (`${1:0}` placeholders). */
  insertText: string;
  /** What it is, in a few words ("required · number of qubits"). */
  detail: string;
  /** Required fields are offered first and marked. */
  required: boolean;
  /** Whether another completion should open right after (a field that takes a tagged object). */
  retrigger: boolean;
}

export interface DialectCompletion {
  /** The typed text from here to the cursor is replaced. */
  from: number;
  items: DialectSuggestion[];
}

/** Stands in for the word at the cursor so the text parses with a node there. */
const MARK = 'qjob_completion_mark';
/** Completion re-parses the document; past this size it leaves the work to the JSON Schema's. */
const MAX_TEXT = 512 * 1024;

type Position = 'key' | 'value' | 'item';

/** Where the cursor is, and the text that puts a placeholder node there. */
function probe(text: string, offset: number): { from: number; position: Position; probe: string } {
  let from = offset;
  while (from > 0 && /[\w!]/.test(text[from - 1] ?? '')) from--;
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  const before = text.slice(lineStart, from);
  const rest = text.slice(offset);
  const flow = innermostFlow(before);
  let position: Position;
  if (flow && /[{[,]\s*$/.test(before)) position = flow === '{' ? 'key' : 'item';
  else if (/:\s+$/.test(before)) position = 'value';
  else if (/^\s*(?:-\s+)+$/.test(before)) position = 'item';
  else position = 'key';
  const mark = position === 'key' && !flow ? `${MARK}:` : MARK;
  return { from, position, probe: text.slice(0, from) + mark + rest };
}

/** The innermost unclosed flow bracket on the line (quotes ignored: good enough for a key). */
function innermostFlow(line: string): '{' | '[' | null {
  const open: string[] = [];
  for (const ch of line) {
    if (ch === '{' || ch === '[') open.push(ch);
    else if ((ch === '}' || ch === ']') && open.length) open.pop();
  }
  const last = open[open.length - 1];
  return last === '{' || last === '[' ? last : null;
}

/** The placeholder node and the chain of nodes above it. */
function findMark(probeText: string): { mark: Node; chain: (Node | Pair)[] } | null {
  const doc = parseDocument(probeText, { logLevel: 'silent', uniqueKeys: false });
  let found: { mark: Node; chain: (Node | Pair)[] } | null = null;
  visit(doc, {
    Scalar(_key, node, ancestors) {
      if (node.value !== MARK) return;
      found = { mark: node, chain: ancestors.filter((a) => !('contents' in a)) as (Node | Pair)[] };
      return visit.BREAK;
    },
  });
  return found;
}

interface Context {
  variant: VariantId;
  objects: ReadonlyMap<string, ObjectDecl>;
}

/**
 * The field a pair stands for, given the chain above its mapping: a dialect object's field, an
 * untagged object's field (`cost: {observable}`), or at the payload level the functional
 * object's and the readout's place.
 */
function fieldOf(
  ctx: Context,
  map: YAMLMap,
  name: string,
  above: (Node | Pair)[],
): FieldDecl | null {
  const decl = map.tag ? ctx.objects.get(map.tag) : undefined;
  if (decl) return decl.fields.find((f) => f.name === name) ?? null;
  if (map.tag) return null;
  const parentPair = above[above.length - 1];
  const parentMap = above[above.length - 2];
  if (!isPair(parentPair) || !isMap(parentMap)) return null;
  const parentKey = keyString(parentPair.key);
  // The inner payload: `<type>_payload: {<functional field>: ..., readout: ...}`.
  if (above.length === 2) {
    const kind = VARIANTS[ctx.variant].executeKinds.find((k) => k.payloadField === parentKey);
    if (!kind) return null;
    if (name === kind.functionalField) {
      const tags = kind.functionalTags;
      return { name, required: true, doc: kind.label, example: '', tags };
    }
    if (name === 'readout' && kind.readout) {
      const tags = dialectOf(ctx.variant).readoutTags;
      return { name, required: true, doc: 'readout', example: '', tags, list: true };
    }
    return null;
  }
  const owner = fieldOf(ctx, parentMap, parentKey, above.slice(0, -2));
  return owner?.fields?.find((f) => f.name === name) ?? null;
}

/** The fields a mapping can have, when the dialect knows it. */
function fieldsOf(ctx: Context, map: YAMLMap, above: (Node | Pair)[]): readonly FieldDecl[] | null {
  if (map.tag) return ctx.objects.get(map.tag)?.fields ?? null;
  const parentPair = above[above.length - 1];
  const parentMap = above[above.length - 2];
  if (!isPair(parentPair) || !isMap(parentMap)) return null;
  return fieldOf(ctx, parentMap, keyString(parentPair.key), above.slice(0, -2))?.fields ?? null;
}

function fieldSnippet(f: FieldDecl, n: number, flow: boolean): string {
  if (f.list && f.tags) return flow ? `${f.name}: [$${n}]` : `${f.name}:\n  - $${n}`;
  if (f.tags || f.fields) return `${f.name}: $${n}`;
  return `${f.name}: \${${n}:${f.example}}`;
}

/** `!Circuit` with its required fields on the next level, or `!CNOT {control: 0, target: 1}`. */
function tagSnippet(decl: ObjectDecl): string {
  const required = decl.fields.filter((f) => f.required);
  if (decl.flow) {
    const inner = required.map((f, i) => fieldSnippet(f, i + 1, true)).join(', ');
    return required.length ? `${decl.tag} {${inner}}` : `${decl.tag} {$1}`;
  }
  const lines = required.map((f, i) => fieldSnippet(f, i + 1, false).replace(/\n/g, '\n  '));
  return [decl.tag, ...lines.map((l) => `  ${l}`)].join('\n');
}

function tagItems(ctx: Context, tags: readonly string[]): DialectSuggestion[] {
  return tags.flatMap((tag) => {
    const decl = ctx.objects.get(tag);
    if (!decl) return [];
    return [
      {
        label: tag,
        kind: 'tag' as const,
        insertText: tagSnippet(decl),
        detail: decl.doc,
        required: false,
        retrigger: false,
      },
    ];
  });
}

function fieldItems(fields: readonly FieldDecl[], present: Set<string>, flow: boolean) {
  return fields
    .filter((f) => !present.has(f.name))
    .map((f) => ({
      label: f.name,
      kind: 'field' as const,
      insertText: fieldSnippet(f, 1, flow),
      detail: `${f.required ? 'required' : 'optional'} · ${f.doc}`,
      required: f.required,
      retrigger: Boolean(f.tags && !f.list),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** What the dialect offers at `offset` of `text`, or null where it has nothing to say. */
export function dialectCompletions(
  variant: VariantId,
  text: string,
  offset: number,
): DialectCompletion | null {
  if (text.length > MAX_TEXT) return null;
  const at = probe(text, offset);
  const found = findMark(at.probe);
  if (!found) return null;
  const ctx: Context = { variant, objects: dialectOf(variant).objects };
  const { mark, chain } = found;
  const parent = chain[chain.length - 1];
  const items = ((): DialectSuggestion[] => {
    if (isPair(parent)) {
      const map = chain[chain.length - 2];
      if (!isMap(map)) return [];
      const above = chain.slice(0, -2);
      if (parent.key === mark) {
        const fields = fieldsOf(ctx, map, above);
        if (!fields) return [];
        const present = new Set(map.items.filter((p) => p !== parent).map((p) => keyString(p.key)));
        return fieldItems(fields, present, map.flow === true);
      }
      const field = fieldOf(ctx, map, keyString(parent.key), above);
      if (!field) return [];
      if (field.values) {
        return field.values.map((v) => ({
          label: v,
          kind: 'value' as const,
          insertText: v,
          detail: field.doc,
          required: false,
          retrigger: false,
        }));
      }
      return field.tags && (!field.list || field.name === 'readout')
        ? tagItems(ctx, field.tags)
        : [];
    }
    if (isSeq(parent)) {
      const pair = chain[chain.length - 2];
      const map = chain[chain.length - 3];
      if (!isPair(pair) || !isMap(map)) return [];
      const field = fieldOf(ctx, map, keyString(pair.key), chain.slice(0, -3));
      return field?.list && field.tags ? tagItems(ctx, field.tags) : [];
    }
    return [];
  })();
  if (items.length === 0 || !isScalar(mark)) return null;
  return { from: at.from, items };
}
