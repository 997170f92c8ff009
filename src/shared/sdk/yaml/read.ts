import { LineCounter } from 'yaml';
import { utf8ByteLength } from '../../ipc/limits';
import type { SdkNode } from '../node';
import type { SourceRange, YamlProblem } from '../../yaml/problems';
import { problemAt, sourceRange } from '../../yaml/problems';
import { BAIL } from './fast-cursor';
import { FastReader } from './fast-reader';
import { readGeneral } from './general-reader';
import type { SdkYamlLimits } from './graph-builder';
import {
  DEFAULT_SDK_YAML_LIMITS,
  GraphBuilder,
  ReadProblem,
  nodesInBuildOrder,
} from './graph-builder';

export interface SdkYamlDocument {
  node: SdkNode;
  problems: readonly [];
  /** Where a node of this graph was written (its properties included), or undefined. */
  rangeOf(node: SdkNode): SourceRange | undefined;
  /** How many nodes the graph would have as a tree (every alias expanded). */
  treeSize: number;
  /** Which reader read it: the fast one (the SDK's own layout) or the general one. */
  reader: 'fast' | 'general';
}

export interface SdkYamlRefusal {
  node: null;
  /** Errors only, each with its line and column, sorted by position. */
  problems: YamlProblem[];
}

export type SdkYamlRead = SdkYamlDocument | SdkYamlRefusal;

export interface SdkYamlReadOptions {
  /** `general` skips the fast reader (to compare the two). */
  reader?: 'auto' | 'general';
}

function countLines(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
  return lines;
}

function refusal(text: string, problem: ReadProblem, lines = countLines(text)): SdkYamlRefusal {
  const end = Math.min(text.length, Math.max(problem.endOffset, problem.offset + 1));
  const range = sourceRange(lines, problem.offset, end);
  return { node: null, problems: [problemAt(range, 'error', problem.code, problem.message)] };
}

function document(
  text: string,
  node: SdkNode,
  b: GraphBuilder,
  reader: SdkYamlDocument['reader'],
  known?: LineCounter,
): SdkYamlDocument {
  const treeSize = b.size;
  let index: Map<SdkNode, number> | null = null;
  let lines = known ?? null;
  return {
    node,
    problems: [],
    treeSize,
    reader,
    rangeOf(target) {
      if (!index) {
        index = new Map();
        nodesInBuildOrder(node).forEach((n, i) => index!.set(n, i));
      }
      const i = index.get(target);
      if (i === undefined) return undefined;
      lines ??= countLines(text);
      return sourceRange(lines, b.rangeOffsets[2 * i]!, b.rangeOffsets[2 * i + 1]!);
    },
  };
}

/**
 * Reads one YAML document of the SDK's form (what qilisdk's ruamel.yaml writes) into its graph:
 * an alias is the very node of its anchor, ints stay exact, tags stay as written. Any other YAML
 * is read too, more slowly. Refuses, with the problem's line and column, a document past the
 * limits (bytes, nesting, the tree its aliases stand for), a syntax error, an alias to nothing or
 * to its own inside, a key twice in a mapping, an unquoted `<<` or `=`.
 */
export function readSdkYaml(
  text: string,
  limits: SdkYamlLimits = {},
  { reader = 'auto' }: SdkYamlReadOptions = {},
): SdkYamlRead {
  const { maxBytes } = { ...DEFAULT_SDK_YAML_LIMITS, ...limits };
  if (text.length > maxBytes / 4) {
    const bytes = utf8ByteLength(text);
    if (bytes > maxBytes) {
      const message = `the document is ${bytes} bytes; the limit is ${maxBytes} bytes`;
      return refusal(text, new ReadProblem('size_limit', message, 0, 0), countLines(''));
    }
  }
  if (reader === 'auto') {
    const b = new GraphBuilder(limits);
    try {
      return document(text, new FastReader(text, b).read(), b, 'fast');
    } catch (e) {
      if (e instanceof ReadProblem) return refusal(text, e);
      if (e !== BAIL) throw e;
    }
  }
  const b = new GraphBuilder(limits);
  try {
    const read = readGeneral(text, b);
    if (!read.node) return { node: null, problems: read.problems };
    return document(text, read.node, b, 'general', read.lineCounter);
  } catch (e) {
    if (e instanceof ReadProblem) return refusal(text, e);
    throw e;
  }
}
