import type { SdkNode } from '../node';
import { readSdkYaml } from '../yaml';
import type { Island } from '../../dialect/island';
import { CompileProblem } from './gate-factory';

/**
 * An island's SDK object exactly as it was read: its text through the SDK YAML reader (ints
 * beyond 2^53, anchors inside it, every key kept). An island that refers to an anchor outside
 * itself cannot stand alone; it is reported.
 */
export function islandNode(island: Island): SdkNode {
  const read = readSdkYaml(island.text);
  if (read.node) return read.node;
  const first = read.problems[0];
  throw new CompileProblem(
    `the part kept in the SDK's form (${island.reason}) cannot be passed on as it is: ${first?.message ?? 'it does not read as YAML'}`,
    island.ref,
  );
}
