import type { SdkMap, SdkNode, SdkScalar, SdkSeq } from '../node';
import type { ScalarEvent } from './emit-scalars';
import {
  chooseScalarStyle,
  writeDoubleQuoted,
  writePlain,
  writeSingleQuoted,
} from './emit-scalars';
import { BEST_WIDTH, EmitterState } from './emitter-state';
import { pythonSortedEntries } from './python-sort';
import { scalarText } from './python-repr';
import { analyzeScalar, pyLength } from './scalar-analysis';
import { MAP_TAG, SEQ_TAG, STR_TAG, YAML_TAG_PREFIX, implicitTag } from './scalar-resolve';
import { tagShorthand } from './tags';

/*
 * What ruamel.yaml's `dump` writes for the SDK (`YAML(typ="unsafe")`, pure-Python emitter,
 * default settings): the representer's choices (sorted keys, flow style for collections of
 * scalars only), the serializer's anchors (`&id001`, numbered when a node is met the second time
 * in a depth-first pass) and the emitter's layout, ported from ruamel's own code.
 */

type Entry = readonly [SdkNode, SdkNode];
const MAX_SIMPLE_KEY_LENGTH = 128;

function isScalar(node: SdkNode): node is SdkScalar {
  return node.kind !== 'seq' && node.kind !== 'map';
}

/**
 * Whether ruamel would ever alias this node: the representer never aliases Python's str, int,
 * float, bool, None or the empty tuple (`ignore_aliases`), so an untagged scalar or an empty
 * `!tuple` used twice is written twice.
 */
function aliasable(node: SdkNode): boolean {
  if (isScalar(node)) return node.tag !== null;
  return !(node.kind === 'seq' && node.tag === '!tuple' && node.items.length === 0);
}

class SdkYamlWriter {
  private readonly e = new EmitterState();
  /** Every aliasable node met: 0 once, else its anchor's number (`&id001` is 1). */
  private readonly seen = new Map<SdkNode, number>();
  /** The anchored nodes written so far: the next time, an alias. */
  private readonly written = new Set<SdkNode>();
  /** Entries in ruamel's order, for the mappings whose order that changes. */
  private readonly sorted = new Map<SdkMap, readonly Entry[]>();
  private lastAnchor = 0;

  write(root: SdkNode): string {
    this.anchorNode(root);
    this.emitNode(root, true, false, false, false);
    const e = this.e;
    e.writeIndent();
    if (e.openEnded) {
      e.writeIndicator('...', true);
      e.writeIndent();
    }
    return e.text();
  }

  private entries(map: SdkMap): readonly Entry[] {
    return this.sorted.get(map) ?? map.entries;
  }

  /** The serializer's `anchor_node`: an anchor for every node reached a second time. */
  private anchorNode(node: SdkNode): void {
    if (!aliasable(node)) {
      if (node.kind === 'seq') for (const item of node.items) this.anchorNode(item);
      if (node.kind === 'map') this.anchorEntries(node);
      return;
    }
    const known = this.seen.get(node);
    if (known !== undefined) {
      if (known === 0) this.seen.set(node, ++this.lastAnchor);
      return;
    }
    this.seen.set(node, 0);
    if (node.kind === 'seq') for (const item of node.items) this.anchorNode(item);
    else if (node.kind === 'map') this.anchorEntries(node);
  }

  private anchorEntries(map: SdkMap): void {
    const entries = pythonSortedEntries(map.entries);
    if (entries !== map.entries) this.sorted.set(map, entries);
    for (const [k, v] of entries) {
      this.anchorNode(k);
      this.anchorNode(v);
    }
  }

  /** The node's anchor name, or null when it is written once. */
  private anchorOf(node: SdkNode): string | null {
    const id = aliasable(node) ? (this.seen.get(node) ?? 0) : 0;
    return id ? `id${String(id).padStart(3, '0')}` : null;
  }

  private isAlias(node: SdkNode): boolean {
    return this.written.has(node);
  }

  private scalarEvent(node: SdkScalar): ScalarEvent & { tag: string } {
    const { text, tag } = scalarText(node);
    return {
      value: text,
      tag,
      analysis: analyzeScalar(text),
      implicit: [implicitTag(text) === tag, tag === STR_TAG, tag.startsWith(YAML_TAG_PREFIX)],
    };
  }

  /** The representer's flow style: a collection whose items are all scalars (or none). */
  private flowStyle(node: SdkSeq | SdkMap): boolean {
    if (node.kind === 'seq') return node.items.every(isScalar);
    return node.entries.every(([k, v]) => isScalar(k) && isScalar(v));
  }

  private tagText(node: SdkNode): string {
    if (isScalar(node)) return tagShorthand(scalarText(node).tag);
    return tagShorthand(node.tag ?? (node.kind === 'seq' ? SEQ_TAG : MAP_TAG));
  }

  /** The emitter's `check_simple_key` (the length counts the tag even when it is not written). */
  private simpleKey(node: SdkNode): boolean {
    if (node.kind === 'str' && node.tag === null) {
      // The usual key: `!!str` (5) and the text.
      return (
        pyLength(node.value) + 5 < MAX_SIMPLE_KEY_LENGTH && !analyzeScalar(node.value).multiline
      );
    }
    const anchor = this.anchorOf(node)?.length ?? 0;
    if (this.isAlias(node)) return anchor < MAX_SIMPLE_KEY_LENGTH;
    const length = anchor + pyLength(this.tagText(node));
    if (isScalar(node)) {
      const text = scalarText(node).text;
      return length + pyLength(text) < MAX_SIMPLE_KEY_LENGTH && !analyzeScalar(text).multiline;
    }
    const empty = node.kind === 'seq' ? node.items.length === 0 : node.entries.length === 0;
    return length < MAX_SIMPLE_KEY_LENGTH && (empty || this.flowStyle(node));
  }

  private writeTag(node: SdkNode, text = this.tagText(node)): void {
    this.e.writeIndicator(text, true, false, false, pyLength(text));
  }

  /** The emitter's `expect_node`, for the node in these contexts. */
  private emitNode(
    node: SdkNode,
    root: boolean,
    sequence: boolean,
    mapping: boolean,
    simpleKey: boolean,
  ): void {
    const e = this.e;
    e.rootContext = root;
    e.sequenceContext = sequence;
    e.mappingContext = mapping;
    e.simpleKeyContext = simpleKey;
    const anchor = this.anchorOf(node);
    if (anchor !== null) {
      if (this.written.has(node)) {
        e.writeIndicator(`*${anchor}`, true);
        e.noNewline = false;
        return;
      }
      this.written.add(node);
      e.writeIndicator(`&${anchor}`, true);
      e.noNewline = false;
      if (isScalar(node) && e.sequenceContext) e.sequenceContext = false;
    }
    if (isScalar(node)) this.emitScalar(node);
    else if (node.kind === 'seq') {
      if (node.tag !== null && node.tag !== SEQ_TAG) this.writeTag(node);
      const flow = e.flowLevel > 0 || node.items.length === 0 || this.flowStyle(node);
      if (flow) this.emitFlowSequence(node);
      else this.emitBlockSequence(node);
    } else {
      if (node.tag !== null && node.tag !== MAP_TAG) this.writeTag(node);
      const flow = e.flowLevel > 0 || node.entries.length === 0 || this.flowStyle(node);
      if (flow) this.emitFlowMapping(node);
      else this.emitBlockMapping(node);
    }
  }

  private emitScalar(node: SdkScalar): void {
    const e = this.e;
    if (node.tag === null && node.kind !== 'str') {
      // str(int), repr(float), true, false and null read back as what they are: always plain,
      // never tagged, and nothing in them is an indicator or a space.
      e.increaseIndent(true);
      if (e.sequenceContext && !e.flowLevel) e.writeIndent();
      writePlain(e, scalarText(node).text, !e.simpleKeyContext);
      e.popIndent();
      return;
    }
    const event = this.scalarEvent(node);
    const style = chooseScalarStyle(e, event);
    const untagged = style === '' ? event.implicit[0] : event.implicit[1];
    if (!untagged) {
      this.writeTag(node, tagShorthand(event.tag));
      if (e.sequenceContext && !e.flowLevel) e.noNewline = true;
    }
    e.increaseIndent(true);
    const split = !e.simpleKeyContext;
    if (e.sequenceContext && !e.flowLevel) e.writeIndent();
    if (style === '"') writeDoubleQuoted(e, event.value, split);
    else if (style === "'") writeSingleQuoted(e, event.value, split);
    else writePlain(e, event.value, split);
    e.popIndent();
  }

  /** After a sequence's indent is pushed, before its items (`expect_node`'s `seq_seq` check). */
  private afterSequenceStart(): void {
    if (this.e.seqSeq()) {
      this.e.indention = true;
      this.e.noNewline = false;
    }
  }

  private emitFlowSequence(node: SdkSeq): void {
    const e = this.e;
    e.writeIndicator(`${' '.repeat(e.seqFlowAlign())}[`, true, true);
    e.increaseIndent(true, true);
    e.flowContext.push('[');
    this.afterSequenceStart();
    node.items.forEach((item, i) => {
      if (i > 0) e.writeIndicator(',', false);
      if (e.column > BEST_WIDTH) e.writeIndent();
      this.emitNode(item, false, true, false, false);
    });
    e.popIndent();
    e.flowContext.pop();
    e.writeIndicator(']', false);
    if (node.items.length === 0) {
      if (e.flowLevel === 0) e.writeLineBreak();
    } else e.noNewline = false;
  }

  private emitBlockSequence(node: SdkSeq): void {
    const e = this.e;
    const indentless = e.mappingContext ? !e.indention : false;
    e.increaseIndent(false, true, indentless);
    this.afterSequenceStart();
    for (const item of node.items) {
      const noNewline = e.column === 0 ? e.noNewline : false;
      e.writeIndent();
      e.writeIndicator('-', true, false, true);
      if (noNewline) e.noNewline = true;
      this.emitNode(item, false, true, false, false);
    }
    e.popIndent();
    e.noNewline = false;
  }

  private emitFlowMapping(node: SdkMap): void {
    const e = this.e;
    const entries = this.entries(node);
    const braceless =
      entries.length === 1 && e.flowLevel > 0 && e.flowContext[e.flowContext.length - 1] === '[';
    const opener = braceless ? '' : '{';
    e.writeIndicator(`${' '.repeat(e.seqFlowAlign())}${opener}`, true, true);
    e.flowContext.push(opener);
    e.increaseIndent(true, false);
    entries.forEach(([key, value], i) => {
      if (i > 0) e.writeIndicator(',', false);
      if (e.column > BEST_WIDTH) e.writeIndent();
      if (this.simpleKey(key)) {
        this.emitNode(key, false, false, true, true);
        e.writeIndicator(':', false);
      } else {
        e.writeIndicator('?', true);
        this.emitNode(key, false, false, true, false);
        if (e.column > BEST_WIDTH) e.writeIndent();
        e.writeIndicator(':', true);
      }
      this.emitNode(value, false, false, true, false);
    });
    e.popIndent();
    const popped = e.flowContext.pop();
    if (popped !== '') e.writeIndicator('}', false);
    if (entries.length === 0) {
      if (e.flowLevel === 0) e.writeLineBreak();
    } else e.noNewline = false;
  }

  private emitBlockMapping(node: SdkMap): void {
    const e = this.e;
    e.increaseIndent(false, false);
    for (const [key, value] of this.entries(node)) {
      e.writeIndent();
      if (this.simpleKey(key)) {
        const alias = this.isAlias(key);
        this.emitNode(key, false, false, true, true);
        // ruamel writes a space after an alias key straight to the stream (`*id001 : 1`),
        // without counting it in the column.
        if (alias) e.write(' ');
        e.writeIndicator(':', false);
      } else {
        e.writeIndicator('?', true, false, true);
        this.emitNode(key, false, false, true, false);
        e.writeIndent();
        e.writeIndicator(':', true, false, true);
      }
      this.emitNode(value, false, false, true, false);
    }
    e.popIndent();
  }
}

/**
 * The SDK's YAML for this graph, byte for byte what `qilisdk.yaml` (ruamel.yaml) writes for the
 * objects it stands for: keys sorted as Python sorts them, anchors for shared objects, ruamel's
 * quoting, flow style and 80-column wrapping; one document ending with a single `\n`.
 */
export function writeSdkYaml(node: SdkNode): string {
  return new SdkYamlWriter().write(node);
}
