import type { SdkMap, SdkNode, SdkSeq } from '../node';
import { bail } from './fast-cursor';
import type { Props } from './fast-flow';
import { FastFlowReader, NO_PROPS, Tally } from './fast-flow';

/*
 * Reads the YAML ruamel writes, straight into the graph, in one pass over the text: block
 * mappings and sequences (indentless under a key, compact after `- `), `? ` explicit keys,
 * flow collections of scalars wrapped over lines, plain and quoted scalars, tags, anchors and
 * aliases. Anything else (comments, block scalars, directives, tabs, nested flow collections, a
 * syntax error) throws BAIL: the general reader then reads the document and says what is wrong.
 */

/** Where a node's content sits, which decides what may follow it on the next lines. */
const enum At {
  Root,
  /** After `key:`: no block collection on the same line; a sequence may sit at the key's column. */
  MapValue,
  /** After `- `: a compact collection may start on the same line. */
  SeqItem,
  /** After `? ` or an explicit `: `: compact, and a sequence may sit at the indicator's column. */
  Explicit,
}

export class FastReader extends FastFlowReader {
  read(): SdkNode {
    const first = this.text[0];
    if (first === undefined || first === '\uFEFF' || first === '%' || first === '#') bail();
    if (this.text.startsWith('---') || this.text.startsWith('...')) bail();
    const node = this.node(-1, At.Root);
    const c = this.c;
    c.skipSpaces();
    if (!c.atLineEnd()) bail();
    const rest = this.text.slice(c.pos);
    if (rest !== '' && rest !== '\n' && rest !== '\n...\n' && rest !== '\n...') bail();
    return node;
  }

  /** The node after an indicator (or at the document's start), wherever its content sits. */
  private node(n: number, at: At): SdkNode {
    const c = this.c;
    c.skipSpaces();
    const pos = c.pos;
    if (this.isIndicator(pos, '-') || this.isIndicator(pos, '?')) {
      if (at === At.MapValue) bail(); // `key: - x` is not YAML
      return this.text[pos] === '-'
        ? this.blockSeq(c.column, NO_PROPS)
        : this.blockMap(c.column, null, NO_PROPS);
    }
    const props = this.props(false);
    if (!c.atLineEnd()) {
      if (this.isIndicator(c.pos, '-') || this.isIndicator(c.pos, '?')) bail();
      return this.inline(n, at !== At.MapValue, props, NO_PROPS);
    }
    const line = c.peekLine();
    if (line) {
      const seq = this.isIndicator(line.at, '-');
      if (seq && (line.indent > n || (line.indent === n && at !== At.SeqItem))) {
        c.enterLine(line);
        return this.blockSeq(line.indent, props);
      }
      if (!seq && line.indent > n) {
        c.enterLine(line);
        if (this.isIndicator(line.at, '?')) return this.blockMap(line.indent, null, props);
        const own = this.props(false);
        if (own !== NO_PROPS && c.atLineEnd()) bail(); // properties over two lines
        return this.inline(n, true, own, props);
      }
    }
    return this.scalarNode('', true, props, c.pos, c.pos);
  }

  /**
   * An alias, scalar or flow collection on this line with its own `props`, then either a key
   * (`: ` follows; a mapping starts here, `outer` props are the mapping's) or the value itself
   * (`outer` props, read on an earlier line, are its own).
   */
  private inline(n: number, mapMayStart: boolean, props: Props, outer: Props): SdkNode {
    const c = this.c;
    const text = this.text;
    const start = props === NO_PROPS ? c.pos : props.start;
    const column = start - c.lineStart;
    const line = c.lineStart;
    const ch = text[c.pos];
    // An anchor on the line before is defined from here: an alias to it inside is a cycle.
    if (outer.anchor !== null) this.b.openAnchor(outer.anchor);
    let node: SdkNode;
    if (ch === '[' || ch === '{') {
      node = ch === '[' ? this.flowSeq(n, props) : this.flowMap(n, props);
    } else if (ch === '*') {
      if (props !== NO_PROPS) bail();
      const name = c.name(false);
      node = this.b.alias(name, start, c.pos);
      if (this.keyFollows(line)) {
        if (!mapMayStart) bail();
        return this.blockMap(column, { key: node, start, alias: name }, outer);
      }
      if (outer !== NO_PROPS) bail();
      return node;
    } else {
      const scalarStart = c.pos;
      let value: string;
      let plain = false;
      if (ch === "'") value = c.singleQuoted(n);
      else if (ch === '"') value = c.doubleQuoted(n);
      else {
        if (ch === undefined || '#|>%@`,[]{}!&'.includes(ch) || this.isIndicator(c.pos, ':'))
          bail();
        plain = true;
        value = c.plainFirst(false);
      }
      const end = c.pos;
      if (this.keyFollows(line)) {
        if (!mapMayStart) bail();
        const key = this.scalarNode(value, plain, props, scalarStart, end);
        return this.blockMap(column, { key, start }, outer);
      }
      c.pos = end;
      if (plain) value = c.plainRest(value, n, false);
      if (props !== NO_PROPS && outer !== NO_PROPS) bail();
      return this.scalarNode(value, plain, props === NO_PROPS ? outer : props, scalarStart, c.pos);
    }
    if (this.keyFollows(line)) {
      if (!mapMayStart) bail();
      return this.blockMap(column, { key: node, start }, outer);
    }
    if (outer !== NO_PROPS) bail(); // ruamel writes a flow collection on its properties' line
    return node;
  }

  /** Whether `: ` follows on the line that started at `line` (the item read is a key). */
  private keyFollows(line: number): boolean {
    this.c.skipSpaces();
    return this.isIndicator(this.c.pos, ':') && this.c.lineStart === line;
  }

  private blockMap(
    column: number,
    first: { key: SdkNode; start: number; alias?: string } | null,
    props: Props,
  ): SdkMap {
    const { b, c, text } = this;
    this.enter();
    const start = props !== NO_PROPS ? props.start : first ? first.start : c.pos;
    if (props.anchor !== null) b.openAnchor(props.anchor);
    const entries: Array<readonly [SdkNode, SdkNode]> = [];
    const keyStarts: number[] = [];
    const tally = new Tally(b);
    let pending = first;
    for (;;) {
      let key: SdkNode;
      let value: SdkNode;
      let keyStart: number;
      if (pending) {
        keyStart = pending.start;
        key = tally.add(pending.key, keyStart, c.pos, pending.alias);
        pending = null;
        c.pos++; // the `:` checked by `inline`
        value = this.valueAfter(column, At.MapValue, tally);
      } else if (this.isIndicator(c.pos, '?')) {
        keyStart = c.pos++;
        key = this.valueAfter(column, At.Explicit, tally);
        c.skipSpaces();
        if (!c.atLineEnd()) bail();
        const line = c.peekLine();
        if (line && line.indent === column && this.isIndicator(line.at, ':')) {
          c.enterLine(line);
          c.pos++;
          value = this.valueAfter(column, At.Explicit, tally);
        } else value = tally.add(b.scalar('', true, null, c.pos, c.pos), c.pos, c.pos);
      } else {
        keyStart = c.pos;
        const keyLine = c.lineStart;
        const ch = text[c.pos];
        if (ch === '-' || ch === '?' || ch === ':') {
          if (c.blankAt(c.pos + 1)) bail();
        }
        const keyProps = this.props(false);
        const aliasName = text[c.pos] === '*' ? c.name(false) : undefined;
        if (aliasName !== undefined) {
          if (keyProps !== NO_PROPS) bail();
          key = tally.add(b.alias(aliasName, keyStart, c.pos), keyStart, c.pos, aliasName);
        } else key = tally.add(this.keyScalar(keyProps), keyStart, c.pos);
        c.skipSpaces();
        if (!this.isIndicator(c.pos, ':') || c.lineStart !== keyLine) bail();
        c.pos++;
        value = this.valueAfter(column, At.MapValue, tally);
      }
      entries.push([key, value]);
      keyStarts.push(keyStart);
      c.skipSpaces();
      if (!c.atLineEnd()) bail();
      const line = c.peekLine();
      if (!line || line.indent < column) break;
      if (line.indent > column) bail();
      if (this.isIndicator(line.at, '-')) break;
      c.enterLine(line);
    }
    this.leave();
    const node = b.map(entries, keyStarts, props.tag, tally.size, tally.depth, start, c.pos);
    if (props.anchor !== null) b.closeAnchor(props.anchor, node);
    return node;
  }

  /** A child node, its tree size added by `add` (which checks the limit after an alias). */
  private valueAfter(n: number, at: At, tally: Tally): SdkNode {
    const from = this.c.pos;
    const aliasName = this.peekAlias();
    return tally.add(this.node(n, at), from, this.c.pos, aliasName);
  }

  private peekAlias(): string | undefined {
    const c = this.c;
    let p = c.pos;
    while (this.text.charCodeAt(p) === 32) p++;
    if (this.text[p] !== '*') return undefined;
    let end = p + 1;
    while (end < this.text.length && !c.blankAt(end)) end++;
    return this.text.slice(p + 1, end);
  }

  /** A simple key that is a scalar or a flow collection, on one line. */
  private keyScalar(props: Props): SdkNode {
    const c = this.c;
    const ch = this.text[c.pos];
    const start = c.pos;
    const line = c.lineStart;
    if (ch === '[') return this.flowSeq(-1, props);
    if (ch === '{') return this.flowMap(-1, props);
    let value: string;
    let plain = false;
    if (ch === "'") value = c.singleQuoted(-1);
    else if (ch === '"') value = c.doubleQuoted(-1);
    else {
      if (ch === undefined || '#|>%@`,[]{}*&!'.includes(ch)) bail();
      plain = true;
      value = c.plainFirst(false);
    }
    if (c.lineStart !== line) bail(); // a key spans one line
    return this.scalarNode(value, plain, props, start, c.pos);
  }

  private blockSeq(column: number, props: Props): SdkSeq {
    const { b, c } = this;
    this.enter();
    const start = props !== NO_PROPS ? props.start : c.pos;
    if (props.anchor !== null) b.openAnchor(props.anchor);
    const items: SdkNode[] = [];
    const tally = new Tally(b);
    for (;;) {
      c.pos++; // the `-`
      items.push(this.valueAfter(column, At.SeqItem, tally));
      c.skipSpaces();
      if (!c.atLineEnd()) bail();
      const line = c.peekLine();
      if (!line || line.indent !== column || !this.isIndicator(line.at, '-')) {
        if (line && line.indent > column) bail();
        break;
      }
      c.enterLine(line);
    }
    this.leave();
    const node = b.seq(items, props.tag, tally.size, tally.depth, start, c.pos);
    if (props.anchor !== null) b.closeAnchor(props.anchor, node);
    return node;
  }

  // Flow collections: ruamel writes them for collections of scalars only.
}
