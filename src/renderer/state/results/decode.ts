import type { ResultTag, TagName } from '../../../shared/variants';
import { decodeExpectation, decodeSampling, decodeState, decodeTomography } from './decode-basic';
import { decodeFunctional, decodeReadoutComposite, decodeVariational } from './decode-composite';
import { decodeTimeEvolution } from './decode-time-evolution';
import type { DecodeNested } from './decode-composite';
import { decodeExperiment } from './decode-experiment';
import type { ReadoutHint, ResultHints, ViewModel } from './models';
import { NO_HINTS } from './models';
import { ResultParseError, parseResultTree } from '../../../shared/results/parse-result';
import { ShapeError } from '../../../shared/results/read';
import type { TNode } from '../../../shared/results/tree';
import { isMapping, scalar, tagName } from '../../../shared/results/tree';

type Decoder = (
  node: TNode,
  path: string,
  hints: ResultHints,
  readout: ReadoutHint | null,
) => ViewModel;

/**
 * The viewers, by the result's tag (the SDK's class names, docs/payload-dialect.md): one for
 * every result tag the variant declaration gives an execute type or a readout, so the compiler
 * names this table when one is added.
 */
const DECODERS: { readonly [N in TagName<ResultTag>]: Decoder } = {
  SamplingResult: (n, p, _h, r) => decodeSampling(n, p, r),
  SamplingReadoutResult: (n, p, _h, r) => decodeSampling(n, p, r),
  ExpectationReadoutResult: (n, p, _h, r) => decodeExpectation(n, p, r),
  StateTomographyReadoutResult: (n, p) => decodeTomography(n, p),
  TimeEvolutionResult: (n, p, h) => decodeTimeEvolution(n, p, h),
  VariationalProgramResult: (n, p, h) => decodeVariational(n, p, h, decodeNode),
  FunctionalResult: (n, p, h) => decodeFunctional(n, p, h, decodeNode),
  RabiExperimentResult: (n, p) => decodeExperiment(n, p, 'rabi'),
  T1ExperimentResult: (n, p) => decodeExperiment(n, p, 't1'),
};

/**
 * Parts of the SDK's results that a viewer can also draw on their own (met where a newer
 * service nests them elsewhere): a composite of readout results, a state.
 */
const PARTS: Readonly<Record<string, Decoder>> = {
  ReadoutCompositeResults: (n, p, h) => ({
    kind: 'functional',
    tag: n.tag,
    path: p,
    notes: [],
    readouts: decodeReadoutComposite(n, p, h, decodeNode),
    intermediate: [],
    executionTime: null,
  }),
  QTensor: (n, p) => decodeState(n, p, n.tag),
};

/** A tag name (from a result, so anything) that has a decoder. */
function isDecodedName(name: string | null): name is keyof typeof DECODERS {
  return name !== null && Object.hasOwn(DECODERS, name);
}

function decoderOf(name: string | null): Decoder | undefined {
  if (isDecodedName(name)) return DECODERS[name];
  return name !== null && Object.hasOwn(PARTS, name) ? PARTS[name] : undefined;
}

/** Tags a specific viewer knows. */
export function knownResultTag(tag: string | null): boolean {
  return isDecodedName(tagName(tag));
}

/**
 * A result node → the model of its viewer. Never throws: an unknown tag, or a known tag whose
 * shape does not match, becomes the tree view with the reason in words.
 */
export const decodeNode: DecodeNested = (node, path, hints, readout) => {
  const name = tagName(node.tag);
  const decoder = decoderOf(name);
  if (!decoder) {
    const reason = !node.tag
      ? isMapping(node)
        ? 'The result carries no tag, so no viewer can tell what it is.'
        : null
      : null;
    return { kind: 'tree', tag: node.tag, path, notes: [], root: node, reason };
  }
  if (!isMapping(node)) {
    return {
      kind: 'tree',
      tag: node.tag,
      path,
      notes: [],
      root: node,
      reason: `${node.tag} should be a mapping.`,
    };
  }
  try {
    return decoder(node, path, hints, readout);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    return {
      kind: 'tree',
      tag: node.tag,
      path,
      notes: [],
      root: node,
      reason: `This ${node.tag} does not have the shape its viewer expects (${error.message}).`,
    };
  }
};

/** A result's YAML text → the model of its viewer; a text that is not YAML is shown as text. */
export function decodeResultText(text: string, hints: ResultHints = NO_HINTS): ViewModel {
  let root: TNode;
  try {
    root = parseResultTree(text);
  } catch (error) {
    if (!(error instanceof ResultParseError)) throw error;
    return {
      kind: 'tree',
      tag: null,
      path: '',
      notes: error.problems.slice(1, 6),
      root: scalar(text),
      reason: `The result could not be read: ${error.message}. Its text is shown as it arrived.`,
    };
  }
  return decodeNode(root, '', hints, hints.readouts.length === 1 ? hints.readouts[0]! : null);
}
