import type { CST } from 'yaml';
import { Lexer, Parser } from 'yaml';

/** Where reading stopped because a document passed one of its limits. */
export interface LimitPassed {
  limit: 'depth' | 'nodes';
  /** The limit passed: levels or nodes. */
  max: number;
  /** The collection one level too deep, or the node one past the count. */
  offset: number;
}

/** The syntax tree of a document read within its limits, or where it passed one. */
export type BoundedCst =
  | {
      tokens: CST.Token[];
      passed: null;
      /** Top-level error tokens left out past `maxErrors`, and where the first one was. */
      droppedErrors: { count: number; offset: number };
    }
  | { tokens: null; passed: LimitPassed };

/** What the lexer emits before a plain or block scalar's text (`CST.SCALAR`). */
const SCALAR = '\x1f';
/** The lexer's marks that take no room in the text: the document mode and a flow error's end. */
const DOCUMENT = '\x02';
const FLOW_END = '\x18';

/**
 * Whether a lexeme makes a node of the tree (or the pair or empty node an indicator implies):
 * quoted scalars, aliases, flow collections and the `-`, `?`, `:` indicators. Plain and block
 * scalars are counted at the SCALAR mark before their text.
 */
function makesNode(lexeme: string): boolean {
  switch (lexeme.charCodeAt(0)) {
    case 0x2d: // -
    case 0x3f: // ?
    case 0x3a: // :
    case 0x5b: // [
    case 0x7b: // {
    case 0x22: // "
    case 0x27: // '
    case 0x2a: // *
      return true;
    default:
      return false;
  }
}

/**
 * Counts the nodes of `text` with the lexer alone, which keeps nothing: about a tenth of what
 * the parser costs per node, and no memory. Returns where the count passes `maxNodes`, or null.
 * Nesting is left to the parser's stack (`readBoundedCst`), which sees it exactly: the count
 * stops, returning null, where the text starts to look deeper than `maxDepth` (more open flow
 * collections, or more `-` and `?` on one line), so 4 million `[` are refused for their depth,
 * at the 65th, not for their number.
 */
function nodesPassedAt(text: string, maxDepth: number, maxNodes: number): number | null {
  let nodes = 0;
  let offset = 0;
  let flow = 0;
  let onLine = 0;
  let scalarText = false;
  for (const lexeme of new Lexer().lex(text)) {
    if (scalarText) scalarText = false;
    else if (lexeme === SCALAR) {
      scalarText = true;
      nodes++;
    } else if (lexeme === DOCUMENT || lexeme === FLOW_END) continue;
    else {
      const c = lexeme.charCodeAt(0);
      if (makesNode(lexeme)) nodes++;
      if (c === 0x5b || c === 0x7b) flow++;
      else if ((c === 0x5d || c === 0x7d) && flow > 0) flow--;
      else if (c === 0x0a || c === 0x0d) onLine = 0;
      else if (c === 0x2d || c === 0x3f) onLine++;
      if (flow > maxDepth || onLine > maxDepth) return null;
    }
    if (nodes > maxNodes) return offset;
    if (lexeme !== SCALAR) offset += lexeme.length;
  }
  return null;
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** The collection that is level `maxDepth + 1` on the parser's stack, if there is one. */
function tooDeep(stack: readonly CST.Token[], maxDepth: number): CST.Token | null {
  let depth = 0;
  for (const token of stack) {
    if (COLLECTIONS.has(token.type) && ++depth > maxDepth) return token;
  }
  return null;
}

/**
 * The `yaml` package's syntax tree of `text`, read within the limits and checked as it grows.
 * First the lexer alone counts the nodes (`nodesPassedAt`): a flat document of millions of
 * nodes is refused at `maxNodes` having built nothing. Then the parser reads it lexeme by
 * lexeme with the nesting on its stack checked after each (every open collection is on it), and
 * the nodes counted again: a document past a limit stops being read where it passes it, so
 * refusing 4 million `[` costs 65 of them. The same tokens as
 * `Array.from(new Parser(onNewLine).parse(text))` otherwise, but for top-level error tokens past
 * `maxErrors`, which are counted instead (a megabyte of `]` makes a million of them).
 *
 * The stack can hold a collection that a later token moves one level deeper (a flow collection
 * that turns out to be a key), so the exact depth is checked on the finished tree as before
 * (`scanCst`); what passes here is at most one level over.
 */
export function readBoundedCst(
  text: string,
  limits: { maxDepth: number; maxNodes: number; maxErrors: number },
  onNewLine?: (offset: number) => void,
): BoundedCst {
  const { maxDepth, maxNodes, maxErrors } = limits;
  const passedAt = nodesPassedAt(text, maxDepth, maxNodes);
  if (passedAt !== null) {
    if (onNewLine) countLines(text, passedAt, onNewLine);
    return { tokens: null, passed: { limit: 'nodes', max: maxNodes, offset: passedAt } };
  }
  const parser = new Parser(onNewLine);
  onNewLine?.(0);
  const tokens: CST.Token[] = [];
  const droppedErrors = { count: 0, offset: -1 };
  let errors = 0;
  let nodes = 0;
  let scalarText = false;
  const keep = (token: CST.Token): void => {
    if (token.type !== 'error' || ++errors <= maxErrors) tokens.push(token);
    else if (droppedErrors.count++ === 0) droppedErrors.offset = token.offset;
  };
  for (const lexeme of new Lexer().lex(text)) {
    if (scalarText) scalarText = false;
    else if (lexeme === SCALAR) {
      scalarText = true;
      nodes++;
    } else if (makesNode(lexeme)) nodes++;
    if (nodes > maxNodes) {
      return { tokens: null, passed: { limit: 'nodes', max: maxNodes, offset: parser.offset } };
    }
    for (const token of parser.next(lexeme)) keep(token);
    if (parser.stack.length > maxDepth) {
      const deep = tooDeep(parser.stack, maxDepth);
      if (deep) {
        return { tokens: null, passed: { limit: 'depth', max: maxDepth, offset: deep.offset } };
      }
    }
  }
  for (const token of parser.end()) keep(token);
  return { tokens, passed: null, droppedErrors };
}

/** Reports the start of each line of `text` up to `end`, as the parser would have. */
export function countLines(text: string, end: number, onNewLine: (offset: number) => void): void {
  onNewLine(0);
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < end; nl = text.indexOf('\n', nl + 1)) {
    onNewLine(nl + 1);
  }
}

/** The refusal in words, saying where (`here` when the problem itself carries the place). */
export function limitPassedMessage(passed: LimitPassed, where = 'here'): string {
  return passed.limit === 'depth'
    ? `nesting deeper than ${passed.max} levels starts ${where}; the document was not read further`
    : `the document has more than ${passed.max.toLocaleString('en-US')} nodes (keys, values and collections): the limit is passed ${where}; the document was not read further`;
}
