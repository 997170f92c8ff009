import { DEFAULT_PARSE_LIMITS } from '../../yaml/parse';
import type { SdkMap, SdkNode, SdkSeq } from '../node';
import {
  BOOL_TAG,
  FLOAT_TAG,
  INT_TAG,
  MAP_TAG,
  NULL_TAG,
  SEQ_TAG,
  STR_TAG,
  TIMESTAMP_TAG,
  constructBool,
  constructFloat,
  constructInt,
  implicitTag,
} from './scalar-resolve';

/*
 * Builds the graph for both readers (the fast one and the general one over the `yaml` package):
 * what a scalar means (ruamel's YAML 1.2 resolution), aliases as the very node of their anchor,
 * the limits, duplicate keys, and where each node was written. The work an alias can cause is
 * bounded by the size the graph would have as a tree, computed on the graph as it is built
 * (a node's tree size is known when it is complete), never by expanding anything.
 */

export interface SdkYamlLimits {
  /** Largest document in UTF-8 bytes. */
  maxBytes?: number;
  /** Deepest nesting of collections, as written and as the tree the aliases make. */
  maxDepth?: number;
  /** Most nodes the document may stand for once every alias is expanded (a tree walk's work). */
  maxTreeNodes?: number;
}

/**
 * The payload parser's nesting limit; room for the SDK form of a 25,000-gate circuit (11.5 MB,
 * 1.6 million nodes as a tree) and more. The app sizes its own limits (issue 24).
 */
export const DEFAULT_SDK_YAML_LIMITS: Readonly<Required<SdkYamlLimits>> = {
  maxBytes: 32 * 1024 * 1024,
  maxDepth: DEFAULT_PARSE_LIMITS.maxDepth,
  maxTreeNodes: 16_000_000,
};

/** A finding that stops reading, at a span of the text. */
export class ReadProblem extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly offset: number,
    readonly endOffset: number,
  ) {
    super(message);
  }
}

interface AnchorEntry {
  /** Null while the anchored node is still being read (an alias to it would be a cycle). */
  node: SdkNode | null;
  size: number;
  depth: number;
}

export class GraphBuilder {
  readonly limits: Readonly<Required<SdkYamlLimits>>;
  private readonly anchors = new Map<string, AnchorEntry>();
  /**
   * Where each node was written, in the order the nodes were built: node i (children before
   * their collection, in document order; see `nodesInBuildOrder`) spans `rangeOffsets[2i]` to
   * `rangeOffsets[2i + 1]`. Numbers only: an array holding a million young nodes cost a tenth
   * of the reading time in garbage collection.
   */
  readonly rangeOffsets: number[] = [];
  /** Tree size and depth of the node built last (set by every build method). */
  size = 0;
  depth = 0;

  constructor(limits: SdkYamlLimits = {}) {
    this.limits = { ...DEFAULT_SDK_YAML_LIMITS, ...limits };
  }

  private at<T extends SdkNode>(node: T, start: number, end: number): T {
    this.rangeOffsets.push(start, end);
    return node;
  }

  /** Marks an anchor as being read: an alias to it before it is complete is a cycle. */
  openAnchor(name: string): void {
    this.anchors.set(name, { node: null, size: 0, depth: 0 });
  }

  /** Completes an anchor with the node just built (its size and depth are the builder's). */
  closeAnchor(name: string, node: SdkNode): void {
    this.anchors.set(name, { node, size: this.size, depth: this.depth });
  }

  alias(name: string, start: number, end: number): SdkNode {
    const entry = this.anchors.get(name);
    if (!entry) {
      throw new ReadProblem(
        'undefined_alias',
        `alias *${name} refers to no anchor &${name} defined before it`,
        start,
        end,
      );
    }
    if (!entry.node) {
      throw new ReadProblem(
        'recursive_alias',
        `alias *${name} is inside the node it refers to (an endlessly deep structure)`,
        start,
        end,
      );
    }
    this.size = entry.size;
    this.depth = entry.depth;
    return entry.node;
  }

  /** A scalar: `plain` ones are resolved as ruamel resolves them; tags as the SDK reads them. */
  scalar(text: string, plain: boolean, tag: string | null, start: number, end: number): SdkNode {
    this.size = 1;
    this.depth = 0;
    const resolved = tag ?? (plain ? implicitTag(text) : STR_TAG);
    switch (resolved) {
      case STR_TAG:
        return this.at({ kind: 'str', value: text, tag: null }, start, end);
      case INT_TAG:
        return this.at(
          {
            kind: 'int',
            value: constructInt(text) ?? badScalar(text, 'an integer', start, end),
            tag: null,
          },
          start,
          end,
        );
      case FLOAT_TAG:
        return this.at(
          {
            kind: 'float',
            value: constructFloat(text, tag === null) ?? badScalar(text, 'a number', start, end),
            tag: null,
          },
          start,
          end,
        );
      case BOOL_TAG:
        return this.at(
          {
            kind: 'bool',
            value: constructBool(text) ?? badScalar(text, 'true or false', start, end),
            tag: null,
          },
          start,
          end,
        );
      case NULL_TAG:
        return this.at({ kind: 'null', tag: null }, start, end);
      case TIMESTAMP_TAG:
        return this.at({ kind: 'str', value: text, tag: TIMESTAMP_TAG }, start, end);
    }
    if (tag === null) {
      // `<<` (a merge key) and `=` (a value key) mean something else to ruamel; the SDK never
      // writes them unquoted.
      throw new ReadProblem(
        'unsupported_key',
        `"${text}" written without quotes is a YAML ${resolved.slice(resolved.lastIndexOf(':') + 1)} indicator, which the SDK's form does not use; quote it if it is text`,
        start,
        end,
      );
    }
    return this.at({ kind: 'str', value: text, tag }, start, end);
  }

  seq(
    items: SdkNode[],
    tag: string | null,
    size: number,
    depth: number,
    start: number,
    end: number,
  ): SdkSeq {
    this.finish(size, depth + 1, start, end);
    return this.at({ kind: 'seq', items, tag: tag === SEQ_TAG ? null : tag }, start, end);
  }

  map(
    entries: Array<readonly [SdkNode, SdkNode]>,
    keyStarts: number[],
    tag: string | null,
    size: number,
    depth: number,
    start: number,
    end: number,
  ): SdkMap {
    checkDuplicateKeys(entries, keyStarts, this.rangeEndOf(start, end));
    this.finish(size, depth + 1, start, end);
    return this.at({ kind: 'map', entries, tag: tag === MAP_TAG ? null : tag }, start, end);
  }

  private rangeEndOf(start: number, end: number): (keyStart: number) => number {
    return (keyStart) => (keyStart >= start && keyStart < end ? keyStart + 1 : end);
  }

  /** Checks a finished collection's tree size and depth against the limits. */
  private finish(size: number, depth: number, start: number, end: number): void {
    this.size = size;
    this.depth = depth;
    this.checkTree(start, end);
  }

  /** Throws when the tree built so far passes a limit (call after adding an alias's size). */
  checkTree(start: number, end: number, alias?: string): void {
    const { maxTreeNodes, maxDepth } = this.limits;
    const where = alias ? ` (the limit is passed at *${alias})` : '';
    if (this.size > maxTreeNodes) {
      throw new ReadProblem(
        'alias_limit',
        `the document stands for more than ${maxTreeNodes} nodes once its aliases are expanded${where} (protection against alias bombs)`,
        start,
        end,
      );
    }
    if (this.depth > maxDepth) {
      throw new ReadProblem(
        'depth_limit',
        `nesting deeper than ${maxDepth} levels${alias ? ` once *${alias} is expanded` : ''}; the document was not read further`,
        start,
        end,
      );
    }
  }
}

function badScalar(text: string, what: string, start: number, end: number): never {
  throw new ReadProblem('bad_scalar', `"${text}" is not ${what}`, start, end);
}

/** The key's identity as Python's dict sees it (`1`, `1.0` and `True` are one key), or null. */
function keyIdentity(key: SdkNode): string | null {
  if (key.tag !== null) return null;
  switch (key.kind) {
    case 'str':
      return `s${key.value}`;
    case 'int':
      return `n${key.value}`;
    case 'bool':
      return key.value ? 'n1' : 'n0';
    case 'null':
      return 'z';
    case 'float':
      if (Number.isNaN(key.value)) return null;
      return Number.isInteger(key.value) ? `n${BigInt(key.value)}` : `f${key.value}`;
    default:
      return null;
  }
}

function checkDuplicateKeys(
  entries: ReadonlyArray<readonly [SdkNode, SdkNode]>,
  keyStarts: number[],
  endOf: (start: number) => number,
): void {
  const n = entries.length;
  if (n < 2) return;
  const duplicate = (i: number): never => {
    const start = keyStarts[i] ?? 0;
    throw new ReadProblem(
      'DUPLICATE_KEY',
      'this key appears twice in the same mapping; each key may appear once',
      start,
      endOf(start),
    );
  };
  if (n <= 16 && entries.every(([k]) => k.kind === 'str' && k.tag === null)) {
    // The usual mapping: a few names, compared without building anything.
    for (let i = 1; i < n; i++) {
      const value = (entries[i]![0] as { value: string }).value;
      for (let j = 0; j < i; j++)
        if ((entries[j]![0] as { value: string }).value === value) duplicate(i);
    }
    return;
  }
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const id = keyIdentity(entries[i]![0]);
    if (id === null) continue;
    if (seen.has(id)) duplicate(i);
    seen.add(id);
  }
}

/**
 * The nodes of a graph in the order a reader built them: each node after its children (a
 * mapping's keys and values in order), once, where it was first written (an alias comes after
 * its anchor). Index i here is node i of `GraphBuilder.rangeOffsets`.
 */
export function nodesInBuildOrder(root: SdkNode): SdkNode[] {
  const order: SdkNode[] = [];
  const seen = new Set<SdkNode>();
  const visit = (node: SdkNode): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.kind === 'seq') for (const item of node.items) visit(item);
    else if (node.kind === 'map') {
      for (const [key, value] of node.entries) {
        visit(key);
        visit(value);
      }
    }
    order.push(node);
  };
  visit(root);
  return order;
}
