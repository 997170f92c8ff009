import type { SdkMap, SdkNode, SdkSeq } from '../node';
import { Cursor, bail } from './fast-cursor';
import type { GraphBuilder } from './graph-builder';
import { ReadProblem } from './graph-builder';
import { simpleTagName } from './tags';

/*
 * The fast reader's common ground (properties, nesting depth, tree sizes) and its flow
 * collections: `[...]` and `{...}` of scalars, which ruamel writes for collections of scalars
 * only, wrapped over lines past 80 columns, `? ` before a long or multi-line key.
 */

export interface Props {
  anchor: string | null;
  tag: string | null;
  start: number;
}

export const NO_PROPS: Props = { anchor: null, tag: null, start: -1 };

/** A collection's tree size and depth as its children are read; checks the limit at aliases. */
export class Tally {
  size = 1;
  depth = 0;

  constructor(private readonly b: GraphBuilder) {}

  /** Adds the node the builder built (or the alias it resolved) last. */
  add(node: SdkNode, from: number, to: number, alias?: string): SdkNode {
    const b = this.b;
    this.size += b.size;
    if (b.depth > this.depth) this.depth = b.depth;
    if (alias !== undefined && this.size > b.limits.maxTreeNodes) {
      b.size = this.size;
      b.checkTree(from, to, alias);
    }
    return node;
  }
}

export class FastFlowReader {
  protected readonly c: Cursor;
  private level = 0;

  constructor(
    readonly text: string,
    protected readonly b: GraphBuilder,
  ) {
    this.c = new Cursor(text);
  }

  /** Leaves a collection entered with `enter`. */
  protected leave(): void {
    this.level--;
  }

  protected isIndicator(at: number, ch: string): boolean {
    return this.text[at] === ch && this.c.blankAt(at + 1);
  }

  protected enter(): void {
    if (++this.level > this.b.limits.maxDepth) {
      const at = this.c.pos;
      throw new ReadProblem(
        'depth_limit',
        `nesting deeper than ${this.b.limits.maxDepth} levels starts here; the document was not read further`,
        at,
        at + 1,
      );
    }
  }

  protected props(flow: boolean): Props {
    const c = this.c;
    const start = c.pos;
    let anchor: string | null = null;
    let tag: string | null = null;
    for (;;) {
      const ch = this.text[c.pos];
      if (ch === '&' && anchor === null) anchor = c.name(flow);
      else if (ch === '!' && tag === null) tag = simpleTagName(c.tag()) ?? bail();
      else break;
      c.skipSpaces();
    }
    return anchor === null && tag === null ? NO_PROPS : { anchor, tag, start };
  }

  protected scalarNode(
    text: string,
    plain: boolean,
    props: Props,
    start: number,
    end: number,
  ): SdkNode {
    const node = this.b.scalar(
      text,
      plain,
      props.tag,
      props === NO_PROPS ? start : props.start,
      end,
    );
    if (props.anchor !== null) this.b.closeAnchor(props.anchor, node);
    return node;
  }

  protected flowSpace(n: number): void {
    const c = this.c;
    for (;;) {
      c.skipSpaces();
      if (!c.atLineEnd()) return;
      const line = c.peekLine();
      if (!line || line.indent <= n) bail();
      c.enterLine(line);
    }
  }

  protected flowItem(n: number): SdkNode {
    const c = this.c;
    const props = this.props(true);
    if (props !== NO_PROPS) this.flowSpace(n); // ruamel may wrap between a tag and its scalar
    const ch = this.text[c.pos];
    const start = c.pos;
    if (ch === '*') {
      if (props !== NO_PROPS) bail();
      const name = c.name(true);
      return this.b.alias(name, start, c.pos);
    }
    let value: string;
    let plain = false;
    if (ch === "'") value = c.singleQuoted(n);
    else if (ch === '"') value = c.doubleQuoted(n);
    else {
      if (ch === undefined || '#|>%@`,[]{}&!'.includes(ch)) bail();
      if ((ch === '-' || ch === '?' || ch === ':') && c.blankAt(c.pos + 1)) bail();
      plain = true;
      value = c.plain(n, true);
    }
    return this.scalarNode(value, plain, props, start, c.pos);
  }

  /** A flow collection's item, its tree size added to `tally`. */
  private flowChild(n: number, tally: Tally): SdkNode {
    const { c, text } = this;
    const from = c.pos;
    const node = this.flowItem(n);
    const alias = text[from] === '*' ? text.slice(from + 1, c.pos) : undefined;
    return tally.add(node, from, c.pos, alias);
  }

  /** After an item: a `,` (and the next item) or the closing bracket. */
  private flowNext(n: number, close: string): void {
    const { c, text } = this;
    this.flowSpace(n);
    if (text[c.pos] === ',') {
      c.pos++;
      this.flowSpace(n);
    } else if (text[c.pos] !== close) bail();
  }

  protected flowSeq(n: number, props: Props): SdkSeq {
    const { b, c, text } = this;
    this.enter();
    const start = props !== NO_PROPS ? props.start : c.pos;
    if (props.anchor !== null) b.openAnchor(props.anchor);
    c.pos++;
    const items: SdkNode[] = [];
    const tally = new Tally(b);
    this.flowSpace(n);
    while (text[c.pos] !== ']') {
      items.push(this.flowChild(n, tally));
      this.flowNext(n, ']');
    }
    c.pos++;
    this.leave();
    const node = b.seq(items, props.tag, tally.size, tally.depth, start, c.pos);
    if (props.anchor !== null) b.closeAnchor(props.anchor, node);
    return node;
  }

  protected flowMap(n: number, props: Props): SdkMap {
    const { b, c, text } = this;
    this.enter();
    const start = props !== NO_PROPS ? props.start : c.pos;
    if (props.anchor !== null) b.openAnchor(props.anchor);
    c.pos++;
    const entries: Array<readonly [SdkNode, SdkNode]> = [];
    const keyStarts: number[] = [];
    const tally = new Tally(b);
    this.flowSpace(n);
    while (text[c.pos] !== '}') {
      keyStarts.push(c.pos);
      const explicit = this.isIndicator(c.pos, '?');
      if (explicit) {
        // ruamel's explicit key in a flow mapping (a key of 128 characters or more, or of lines)
        c.pos++;
        this.flowSpace(n);
      }
      const keyLine = c.lineStart;
      const key = this.flowChild(n, tally);
      if (!explicit && c.lineStart !== keyLine) bail(); // an implicit key spans one line
      this.flowSpace(n);
      if (text[c.pos] !== ':') bail();
      c.pos++;
      this.flowSpace(n);
      if (text[c.pos] === ',' || text[c.pos] === '}') bail();
      entries.push([key, this.flowChild(n, tally)]);
      this.flowNext(n, '}');
    }
    c.pos++;
    this.leave();
    const node = b.map(entries, keyStarts, props.tag, tally.size, tally.depth, start, c.pos);
    if (props.anchor !== null) b.closeAnchor(props.anchor, node);
    return node;
  }
}
