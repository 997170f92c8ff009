import { LineCounter, isMap, isPair, isScalar, isSeq, visit } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { VARIANTS } from '../variants/declaration';
import type { ExecuteKind, VariantId } from '../variants/declaration';
import { parseDocumentWithin } from '../yaml/bounded-document';
import { PAYLOAD_LIMITS } from '../yaml/limits';
import { keyString } from '../yaml/paths';
import { dialectOf } from './declaration';
import type { FieldDecl, ObjectDecl } from './object-decl';

/*
 * Completion from the dialect's declaration: at a place where a tag can stand, the tags that
 * may stand there, written as a skeleton that reads as valid (the tag, its required fields, and
 * an object of the one tag a field takes written out too); inside a dialect object, its missing
 * fields, required ones first, the same way; at a field with fixed values, those values. In the
 * payload document itself: the inner payload's functional object (and Variant A's readout), and
 * on an empty line at the top, a whole payload per execute type. `type`'s values are the JSON
 * Schema's, which monaco-yaml completes.
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
  // Within the payload's limits: this runs on the page's thread, on the whole document.
  const { doc } = parseDocumentWithin(probeText, new LineCounter(), PAYLOAD_LIMITS, {
    logLevel: 'silent',
    uniqueKeys: false,
  });
  if (!doc) return null;
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
  if (above.length === 2)
    return innerPayloadFields(ctx, parentKey)?.find((f) => f.name === name) ?? null;
  const owner = fieldOf(ctx, parentMap, parentKey, above.slice(0, -2));
  return owner?.fields?.find((f) => f.name === name) ?? null;
}

/** The execute kind whose payload field is `key`, if any. */
function payloadKind(ctx: Context, key: string): ExecuteKind | undefined {
  return VARIANTS[ctx.variant].executeKinds.find((k) => k.payloadField === key);
}

/** The fields of `<type>_payload`: its functional object, and Variant A's readout. */
function innerPayloadFields(ctx: Context, payloadField: string): FieldDecl[] | null {
  const kind = payloadKind(ctx, payloadField);
  if (!kind) return null;
  const functional: FieldDecl = {
    name: kind.functionalField,
    required: true,
    doc: kind.label,
    example: '',
    tags: kind.functionalTags,
  };
  if (!kind.readout) return [functional];
  const readoutTags = dialectOf(ctx.variant).readoutTags;
  return [
    functional,
    { name: 'readout', required: true, doc: 'readout', example: '', tags: readoutTags, list: true },
  ];
}

/** The fields a mapping can have, when the dialect knows it. */
function fieldsOf(ctx: Context, map: YAMLMap, above: (Node | Pair)[]): readonly FieldDecl[] | null {
  if (map.tag) return ctx.objects.get(map.tag)?.fields ?? null;
  const parentPair = above[above.length - 1];
  const parentMap = above[above.length - 2];
  if (!isPair(parentPair) || !isMap(parentMap)) return null;
  if (above.length === 2) return innerPayloadFields(ctx, keyString(parentPair.key));
  return fieldOf(ctx, parentMap, keyString(parentPair.key), above.slice(0, -2))?.fields ?? null;
}

/** Placeholder text as snippet syntax reads it (`$`, `}` and `\\` escaped). */
const escaped = (text: string) => text.replace(/[\\$}]/g, '\\$&');

/** Numbers the placeholders of one snippet, in the order they are written. */
interface Tabstops {
  next: number;
}

/** How deep skeletons nest: a !VariationalProgram's !Sampling's !Circuit is as far as it goes. */
const MAX_DEPTH = 4;

/**
 * The value of a field in a skeleton: its example, a nested object when the field takes one
 * tag, an empty list to fill (the cursor in it), or a placeholder where the person must choose
 * among several tags. Multi-line values start on the line after the key.
 */
function valueSkeleton(
  ctx: Context,
  f: FieldDecl,
  stops: Tabstops,
  flow: boolean,
  depth: number,
): string {
  if (f.list && f.tags) {
    if (f.name === 'readout') {
      // A readout list may not be empty: one sampling readout to start from.
      const first = ctx.objects.get(f.tags[0] ?? '');
      if (first && !flow) return `\n  - ${objectSkeleton(ctx, first, stops, depth + 1)}`;
    }
    return `[$${stops.next++}]`;
  }
  // One tag, or a circuit (whose other tags are the SDK's ansatz classes): its skeleton.
  const usual = f.tags?.length === 1 || f.tags?.[0] === '!Circuit' ? f.tags[0] : undefined;
  const only = usual ? ctx.objects.get(usual) : undefined;
  if (only && depth < MAX_DEPTH && (!flow || only.flow))
    return objectSkeleton(ctx, only, stops, depth + 1);
  if (f.tags) return `$${stops.next++}`;
  if (f.fields && !flow) {
    const lines = f.fields
      .filter((sub) => sub.required)
      .map((sub) => `${sub.name}: ${valueSkeleton(ctx, sub, stops, false, depth + 1)}`);
    return lines.length ? `\n${lines.map((l) => indent(l, 2)).join('\n')}` : `$${stops.next++}`;
  }
  return f.example ? `\${${stops.next++}:${escaped(f.example)}}` : `$${stops.next++}`;
}

/** `text` with every line indented by `n` spaces. */
function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .split('\n')
    .map((line) => (line ? `${pad}${line}` : line))
    .join('\n');
}

/** `key: value`; a value of several lines is already indented for its key's column. */
function keyValue(key: string, value: string): string {
  return value.startsWith('\n') ? `${key}:${value}` : `${key}: ${value}`;
}

/**
 * `!Circuit` with its required fields on the next level, or `!CNOT {control: 0, target: 1}`:
 * a skeleton that reads as valid wherever the dialect can make one so.
 */
function objectSkeleton(ctx: Context, decl: ObjectDecl, stops: Tabstops, depth: number): string {
  const required = decl.fields.filter((f) => f.required);
  if (decl.flow) {
    const inner = required.map((f) => `${f.name}: ${valueSkeleton(ctx, f, stops, true, depth)}`);
    return inner.length ? `${decl.tag} {${inner.join(', ')}}` : `${decl.tag} {$${stops.next++}}`;
  }
  const lines = required.map((f) => keyValue(f.name, valueSkeleton(ctx, f, stops, false, depth)));
  return [decl.tag, ...lines.map((l) => indent(l, 2))].join('\n');
}

function tagSnippet(ctx: Context, decl: ObjectDecl): string {
  return objectSkeleton(ctx, decl, { next: 1 }, 0);
}

function fieldSnippet(ctx: Context, f: FieldDecl, flow: boolean): string {
  return keyValue(f.name, valueSkeleton(ctx, f, { next: 1 }, flow, 0));
}

function tagItems(ctx: Context, tags: readonly string[]): DialectSuggestion[] {
  return tags.flatMap((tag) => {
    const decl = ctx.objects.get(tag);
    if (!decl) return [];
    return [
      {
        label: tag,
        kind: 'tag' as const,
        insertText: tagSnippet(ctx, decl),
        detail: decl.doc,
        required: false,
        retrigger: false,
      },
    ];
  });
}

function fieldItems(
  ctx: Context,
  fields: readonly FieldDecl[],
  present: Set<string>,
  flow: boolean,
) {
  return fields
    .filter((f) => !present.has(f.name))
    .map((f) => ({
      label: f.name,
      kind: 'field' as const,
      insertText: fieldSnippet(ctx, f, flow),
      detail: `${f.required ? 'required' : 'optional'} · ${f.doc}`,
      required: f.required,
      // Where the person must pick one of several tags, the choices open at once.
      retrigger: Boolean(f.tags && !f.list && f.tags.length > 1),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** `<type>_payload:` written out: its functional object (and readout), each as a skeleton. */
function innerPayloadSkeleton(ctx: Context, kind: ExecuteKind): string {
  const stops = { next: 1 };
  return (innerPayloadFields(ctx, kind.payloadField) ?? [])
    .map((f) => indent(keyValue(f.name, valueSkeleton(ctx, f, stops, false, 0)), 2))
    .join('\n');
}

/** At the top of the document: the payload of `type`, or a whole payload per execute type. */
function documentItems(ctx: Context, map: YAMLMap, present: Set<string>): DialectSuggestion[] {
  const kinds = VARIANTS[ctx.variant].executeKinds;
  const typeNode = map.items.find((p) => keyString(p.key) === 'type')?.value;
  const typed = isScalar(typeNode)
    ? kinds.find((k) => k.executeType === String(typeNode.value))
    : undefined;
  if (typed) {
    if (present.has(typed.payloadField)) return [];
    return [
      {
        label: typed.payloadField,
        kind: 'field',
        insertText: `${typed.payloadField}:\n${innerPayloadSkeleton(ctx, typed)}`,
        detail: `required · ${typed.label}, written out`,
        required: true,
        retrigger: false,
      },
    ];
  }
  if (present.size > 0) return [];
  return kinds.map((kind) => ({
    label: `type: ${kind.executeType}`,
    kind: 'value' as const,
    insertText: `type: ${kind.executeType}\n${kind.payloadField}:\n${innerPayloadSkeleton(ctx, kind)}`,
    detail: `a whole ${kind.label} payload, written out`,
    required: false,
    retrigger: false,
  }));
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
        const present = new Set(map.items.filter((p) => p !== parent).map((p) => keyString(p.key)));
        if (above.length === 0 && !map.flow) return documentItems(ctx, map, present);
        const fields = fieldsOf(ctx, map, above);
        if (!fields) return [];
        return fieldItems(ctx, fields, present, map.flow === true);
      }
      const key = keyString(parent.key);
      const kind = above.length === 0 ? payloadKind(ctx, key) : undefined;
      if (kind) {
        // `sampling_payload: |`: the inner payload written out, on the lines below.
        return [
          {
            label: kind.functionalField,
            kind: 'field',
            insertText: `\n${innerPayloadSkeleton(ctx, kind)}`,
            detail: `required · ${kind.label}, written out`,
            required: true,
            retrigger: false,
          },
        ];
      }
      const field = fieldOf(ctx, map, key, above);
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
