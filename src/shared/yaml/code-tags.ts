import type { Document, LineCounter, Node } from 'yaml';
import { isMap, isPair, isScalar, visit } from 'yaml';
import { propsOf } from './origins';
import { dottedPath } from './paths';
import { displayTag, isYamlBuiltInTag, YAML_CORE_PREFIX } from './tags';

/**
 * A tag whose content a deserialiser would turn into code or into an object of its language:
 * the SDK's `!function` and `!lambda` (base64 pickled Python) and `!type`, and every language's
 * own tags: `!!python/object/apply:os.system`, `!!js/function`, `!!ruby/object:Gem::Installer`,
 * `!ruby/object:...` (Psych), `!!perl/code`, `!!php/object`, `!!javax.script.ScriptEngineManager`
 * (SnakeYAML builds any class named this way). We never evaluate them; the user is told.
 */
export type CodeBearingTag = string;

export interface CodeBearingTagFinding {
  tag: CodeBearingTag;
  /** Dotted path of the tagged node (`sampling_payload.sampling.cost`). */
  path: string;
  line: number;
  column: number;
  /** End of the tag as written (exclusive), for a marker. */
  endLine: number;
  endColumn: number;
}

const CODE_TAGS = new Set(['!function', '!lambda', '!type']);
/** Local tags in a language's family (`!ruby/object:Foo`, `!python/name:os.system`). */
const LANGUAGE_PREFIX = /^!(?:python|ruby|js|perl|php|java|javax)[/:.]/i;
/** A qualified class name as a local tag (`!java.lang.ProcessBuilder`, `!Foo::Bar`). */
const QUALIFIED_NAME = /^![A-Za-z_][\w$]*(?:(?:\.|::)[A-Za-z_][\w$]*)+$/;
/** Other tag authorities that name a language's types (`tag:ruby.yaml.org,2002:object`). */
const LANGUAGE_AUTHORITY =
  /^tag:(?:python|ruby|perl|php|java|js|yaml\.(?:python|ruby))\.yaml\.org,/i;

/**
 * The SDK's own data tags (docs/sdk-wire.md): registered classes whose names carry a namespace,
 * read as data. Without the exception `!qilisdk.Parameter` would read as a language's class name.
 */
const SDK_DATA_TAGS: ReadonlySet<string> = new Set(['!qilisdk.Parameter', '!qilisdk.Domain']);

/**
 * The SDK's classes that its serializer writes by name (`!type qilisdk.digital.gates.U3` for a
 * hardware-efficient ansatz's gate class; Python-specific tags for the few classes it does not
 * register): an allow-list of names, read as data. Everything else of the kind stays flagged,
 * as do the pickled `!lambda` and `!function` the SDK also writes.
 */
const SDK_CLASS_NAMES: ReadonlySet<string> = new Set([
  'qilisdk.digital.gates.U1',
  'qilisdk.digital.gates.U2',
  'qilisdk.digital.gates.U3',
  'qilisdk.digital.gates.CZ',
  'qilisdk.digital.gates.CNOT',
  'qilisdk.core.variables.Bitwise',
  'qilisdk.core.variables.OneHot',
  'qilisdk.core.variables.DomainWall',
  'qilisdk.functionals.sampling_result.SamplingResult',
  'qilisdk.functionals.time_evolution_result.TimeEvolutionResult',
]);
const SDK_PYTHON_TAGS: ReadonlySet<string> = new Set(
  [
    'object:qilisdk.cost_functions.observable_cost_function.ObservableCostFunction',
    'object:qilisdk.cost_functions.model_cost_function.ModelCostFunction',
    'object:qilisdk.functionals.quantum_reservoirs.QuantumReservoir',
    'object:qilisdk.functionals.quantum_reservoirs.ReservoirLayer',
    'object/apply:qilisdk.core.interpolator.Interpolation',
    'object/apply:qilisdk.core.qtensor.InitialState',
  ].map((name) => `${YAML_CORE_PREFIX}python/${name}`),
);

/**
 * Whether a node is one of the SDK's own data objects despite a code-like tag: an allow-listed
 * `!type <class>` or Python class tag (see above).
 */
export function isSdkDataNode(node: Node): boolean {
  const tag = node.tag;
  if (!tag) return false;
  if (SDK_PYTHON_TAGS.has(tag)) return true;
  return tag === '!type' && isScalar(node) && SDK_CLASS_NAMES.has(String(node.value));
}

const SDK_COST_FUNCTION_TAGS: ReadonlySet<string> = new Set(
  [
    'object:qilisdk.cost_functions.observable_cost_function.ObservableCostFunction',
    'object:qilisdk.cost_functions.model_cost_function.ModelCostFunction',
  ].map((name) => `${YAML_CORE_PREFIX}python/${name}`),
);

/**
 * Whether a node is the code qilisdk 0.1.x itself writes in a cost function: a `!lambda` value
 * of its `_handlers` dict (`{!type …SamplingResult: !lambda <base64>}`). It is kept as opaque
 * text, passed on as it is and never decoded or run (docs/sdk-wire.md); the same tag anywhere
 * else is still flagged. `ancestors` are the yaml `visit` ancestors (collections and pairs).
 */
export function isSdkHandlerCode(node: Node, ancestors: readonly unknown[]): boolean {
  if (node.tag !== '!lambda' || !isScalar(node)) return false;
  const n = ancestors.length;
  const [costMap, handlersPair, handlers, entry] = [
    ancestors[n - 4],
    ancestors[n - 3],
    ancestors[n - 2],
    ancestors[n - 1],
  ];
  return (
    isPair(entry) &&
    entry.value === node &&
    isMap(handlers) &&
    !handlers.tag &&
    isPair(handlersPair) &&
    isScalar(handlersPair.key) &&
    handlersPair.key.value === '_handlers' &&
    handlersPair.value === handlers &&
    isMap(costMap) &&
    SDK_COST_FUNCTION_TAGS.has(costMap.tag ?? '')
  );
}

/** `codeBearingTag` of a node, the SDK's own data objects (`isSdkDataNode`) excepted. */
export function codeBearingNodeTag(node: Node): CodeBearingTag | null {
  return isSdkDataNode(node) ? null : codeBearingTag(node.tag);
}

/** The tag as people write it when it would make a deserialiser run code, else null. */
export function codeBearingTag(tag: string | undefined): CodeBearingTag | null {
  if (!tag || SDK_DATA_TAGS.has(tag)) return null;
  if (CODE_TAGS.has(tag) || LANGUAGE_PREFIX.test(tag) || QUALIFIED_NAME.test(tag)) return tag;
  // In YAML's own namespace every tag that is not one of YAML's types names a language's type.
  if (tag.startsWith(YAML_CORE_PREFIX) && !isYamlBuiltInTag(tag)) return displayTag(tag);
  if (LANGUAGE_AUTHORITY.test(tag)) return tag;
  return null;
}

/** Every code-bearing tag in the document (keys included), in document order. */
export function findCodeBearingTags(
  doc: Document,
  lineCounter: LineCounter,
): CodeBearingTagFinding[] {
  const found: CodeBearingTagFinding[] = [];
  visit(doc, {
    Node(_key, node: Node, ancestors) {
      const tag = codeBearingNodeTag(node);
      if (!tag || isSdkHandlerCode(node, ancestors)) return;
      const written = propsOf(node)?.tag;
      const offset = written?.offset ?? node.range?.[0] ?? 0;
      const { line, col } = lineCounter.linePos(offset);
      const end = lineCounter.linePos(offset + (written?.source.length ?? 0));
      found.push({
        tag,
        path: dottedPath(ancestors, node),
        line,
        column: col,
        endLine: end.line,
        endColumn: end.col,
      });
    },
  });
  return found;
}
