/**
 * Every limit on reading a document, in one place: payload documents (the editor, `qjob
 * validate`, bundles, the simulator's functional objects), result documents (the viewers) and
 * the JSON that carries them (request bodies, the execute payload, bundle files).
 *
 * Depth and node counts are checked while the text is read, before the tree is built
 * (`bounded-cst.ts`, `plain-compose.ts`, `json/shape.ts`), so a refusal costs what was read up
 * to the place that passed the limit, and no more. The checks cost a counter per token: a larger
 * byte limit (the SDK's payload form, issue 24) stays safe with the same depth and node limits.
 *
 * What the limits cost at most, measured (`npm run bench -- parsing`): the `yaml` package keeps
 * about 500 bytes per node of a document it reads (its syntax tree and its nodes), the plain
 * reader about 170, JSON.parse 25 to 90 per value.
 */

const MiB = 1024 * 1024;

export interface DocumentLimits {
  /** Largest document in UTF-8 bytes. */
  maxBytes: number;
  /** Deepest nesting of mappings and sequences (flow or block); the root collection is level 1. */
  maxDepth: number;
  /**
   * Most nodes: keys, values and collections, and the indicators that make one (`-`, `?`, `:`).
   * A flat document of millions of tiny nodes costs as much memory as deep nesting does.
   */
  maxNodes: number;
  /**
   * Nodes the document's aliases may add when expanded (an alias costs the size of what it
   * refers to; nested ones multiply); -1 disables.
   */
  maxAliasNodes: number;
}

/**
 * A payload document. 64 levels is four times the deepest payload of the dialect (the SDK's
 * form is about 15); a million nodes holds the largest circuit of plain gates (8 MiB, ~300,000
 * gates, kept compact) or about 25,000 gates in the SDK's form, and costs at most ~500 MB.
 */
export const PAYLOAD_LIMITS: Readonly<DocumentLimits> = {
  maxBytes: 8 * MiB,
  maxDepth: 64,
  maxNodes: 1_000_000,
  maxAliasNodes: 1_000_000,
};

/**
 * A result's skeleton (`results/parse-result.ts`: long runs of numbers are lifted out before it
 * is read, so what is left is small; the byte limit only bounds pathological input).
 */
export const RESULT_LIMITS: Readonly<DocumentLimits> = {
  ...PAYLOAD_LIMITS,
  maxBytes: 64 * MiB,
};

/** The codes of the problems that refuse a document for a limit: nothing was built from it. */
export const READ_LIMIT_CODES: ReadonlySet<string> = new Set([
  'size_limit',
  'depth_limit',
  'node_limit',
]);

/**
 * Errors and warnings kept from one YAML document; past it they are counted, not made (each
 * costs about a kilobyte, and a megabyte of `]` makes a million of them).
 */
export const MAX_YAML_PROBLEMS = 1000;

export interface JsonLimits {
  /** Deepest nesting of arrays and objects; the outermost is level 1. */
  maxDepth: number;
  /** Most values: arrays and objects, and the entries in them (counted at their commas). */
  maxValues: number;
}

/**
 * A request body of the simulator, and the execute payload's JSON string inside it. A payload
 * document nests at most 64 levels and the execute envelope adds two; its functional objects are
 * YAML strings, so a real body holds a few dozen values.
 */
export const JSON_BODY_LIMITS: Readonly<JsonLimits> = {
  maxDepth: 100,
  maxValues: 1_000_000,
};

/**
 * A bundle file (up to 48 MiB): results are carried decoded, so a 2^20-outcome sampling or
 * tomography result is a million values or two.
 */
export const BUNDLE_JSON_LIMITS: Readonly<JsonLimits> = {
  maxDepth: 100,
  maxValues: 4_000_000,
};

/**
 * A JSON part of a job the service sends (its result, its payload): nested no deeper than a
 * bundle may be, so nothing that walks it afterwards (the schema check, the local store's write,
 * the viewers) runs out of stack. Its values are not counted here: the byte limit of a job's
 * record (`core/client/body/limits.ts`) bounds them, and a large result holds millions.
 */
export const SERVICE_PART_JSON_LIMITS: Readonly<JsonLimits> = {
  maxDepth: 100,
  maxValues: Number.POSITIVE_INFINITY,
};
