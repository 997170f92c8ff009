import { isAlias, isMap, isNode, isPair, isScalar, isSeq } from 'yaml';
import type { Node } from 'yaml';
import { codeBearingNodeTag, codeBearingTag } from '../yaml/code-tags';
import { SDK_FORM_TAGS } from './sdk-form/tags';
import { isYamlBuiltInTag } from '../yaml/tags';
import { DIALECT_TAGS } from './declaration';
import { DialectError } from './dialect-error';
import type { DialectErrorInit } from './dialect-error';
import { closestTag, suggest, suggestTag } from './did-you-mean';
import { MAX_ALIASES, ReadSession, SkippedNode } from './read-session';
import { nodeEnd, nodeOffset } from './yaml-source';
import { resolveNode } from '../yaml/origins';
import type { YamlSource } from './yaml-source';
import { quoted } from '../text/quote';

export type NodeErrorInit = Omit<DialectErrorInit, 'path' | 'source' | 'offset' | 'endOffset'> & {
  path?: string;
};

export interface MappingSpec {
  /** Allowed tags for this mapping; `null` means it must be untagged. */
  tags: readonly string[] | null;
  /** What the mapping is, for messages: "gate !CNOT", "!Sampling". */
  what: string;
  required: readonly string[];
  optional?: readonly string[];
}

const allowedBySpec = new WeakMap<MappingSpec, readonly string[]>();

/** A spec's keys, required then optional, made once per spec (a gate's spec serves every gate). */
function allowedKeys(spec: MappingSpec): readonly string[] {
  let allowed = allowedBySpec.get(spec);
  if (!allowed) {
    allowed = [...spec.required, ...(spec.optional ?? [])];
    allowedBySpec.set(spec, allowed);
  }
  return allowed;
}

/** What a mapping of this spec must be tagged with, for messages (only made for one). */
function expectedTagsOf(spec: MappingSpec): string {
  return spec.tags === null ? 'an untagged mapping' : spec.tags.join(' or ');
}

/**
 * A node together with the path the user would write to reach it. Every reader throws a
 * DialectError naming that path and the node's line, so no error loses its place.
 */
export class NodeRef {
  constructor(
    readonly src: YamlSource,
    readonly node: Node | null,
    readonly path: string,
    readonly session: ReadSession = new ReadSession('strict'),
  ) {}

  /** The node `src.rootNode` (else the document's root), read under `session`. */
  static root(src: YamlSource, session?: ReadSession): NodeRef {
    const root = src.rootNode ?? src.doc.contents;
    const node = isNode(root) ? root : null;
    return new NodeRef(src, node, src.rootPath, session).deref();
  }

  /**
   * The user-visible tag, or undefined for plain nodes and YAML's own types (`!!int 3`: the
   * value is already resolved). Language tags such as `!!python/tuple` are not YAML's own.
   */
  get tag(): string | undefined {
    const tag = this.node?.tag;
    return tag && !isYamlBuiltInTag(tag) ? tag : undefined;
  }

  fail(init: NodeErrorInit): never {
    throw this.error(init);
  }

  /** An error that leaves the rest of the reading meaningful (collecting goes on after it). */
  report(init: NodeErrorInit): void {
    this.session.note(this.error(init));
  }

  /** A problem that leaves the rest of this node readable (an unknown key, say). */
  warn(init: NodeErrorInit): void {
    this.session.note(this.error({ severity: 'warning', ...init }));
  }

  /** A problem past which this node cannot be read (a tag the dialect does not know). */
  stop(init: NodeErrorInit): never {
    return this.session.stop(this.error({ severity: 'warning', ...init }));
  }

  /** See `ReadSession.attempt`: one independent part of the reading. */
  attempt<T>(read: () => T): T | undefined {
    return this.session.attempt(read);
  }

  /** The error without throwing it, for `throw ref.error(...)` where TypeScript must see the throw. */
  error(init: NodeErrorInit): DialectError {
    const offset = nodeOffset(this.src, this.node) ?? 0;
    return new DialectError({
      path: this.path,
      ...init,
      source: this.src,
      offset,
      endOffset: nodeEnd(this.src, this.node, offset),
    });
  }

  child(node: unknown, path: string): NodeRef {
    return new NodeRef(this.src, isNode(node) ? node : null, path, this.session).deref();
  }

  private deref(): NodeRef {
    if (!this.node || !isAlias(this.node)) return this;
    if (--this.session.aliasesLeft < 0) this.fail({ problem: `more than ${MAX_ALIASES} aliases` });
    const target = resolveNode(this.node, this.src.doc);
    if (!target) this.fail({ problem: `alias *${this.node.source} has no anchor` });
    return new NodeRef(this.src, target, this.path, this.session);
  }

  /**
   * Before a node is read as anything: a tag the dialect does not know means the simulator
   * cannot read it, though a real service may (a warning); a code-bearing tag is reported by
   * its own check and makes the node opaque; a known tag in the wrong case is a typo (an error).
   */
  checkTag(what: string, expected?: string): void {
    const tag = this.tag;
    if (!tag || DIALECT_TAGS.has(tag) || SDK_FORM_TAGS.has(tag)) return;
    if (this.node && codeBearingNodeTag(this.node) && this.session.mode === 'collect')
      throw new SkippedNode();
    const known = [...DIALECT_TAGS];
    const meant = known.find((t) => t.toLowerCase() === tag.toLowerCase());
    if (meant) {
      this.fail({
        subject: what,
        code: 'dialect.unknown_tag',
        problem: `unknown tag ${tag}`,
        hint: `did you mean ${meant}? Tags are case-sensitive`,
      });
    }
    this.stop({
      subject: what,
      code: 'dialect.unknown_tag',
      problem: `${tag} is not a tag of the payload dialect`,
      expected,
      hint: [suggestTag(tag, known), 'the simulator cannot read it; a real service may know it']
        .filter(Boolean)
        .join('; '),
    });
  }

  isMapping(): boolean {
    return isMap(this.node);
  }

  isSequence(): boolean {
    return isSeq(this.node);
  }

  isScalar(): boolean {
    return isScalar(this.node);
  }

  /** The scalar's resolved value (number, string, boolean, null), or undefined for collections. */
  scalarValue(): unknown {
    if (this.node === null) return null;
    return isScalar(this.node) ? this.node.value : undefined;
  }

  describe(): string {
    if (this.tag) return `a ${this.tag} node`;
    if (this.node === null || (isScalar(this.node) && this.node.value === null)) return 'nothing';
    if (isMap(this.node)) return 'a mapping';
    if (isSeq(this.node)) return 'a list';
    const v = this.scalarValue();
    return typeof v === 'string' ? `the string ${quoted(v)}` : `${typeof v} ${String(v)}`;
  }

  /**
   * Where only `spec.tags` may stand, a tag the dialect does not know that is a misspelling of
   * one of them is certainly wrong: an error, and the node is read on as the tag it was meant to
   * be, so what is inside it is checked too. Undefined for any other tag.
   */
  private misspeltTag(spec: MappingSpec): string | undefined {
    const tag = this.tag;
    if (
      !tag ||
      spec.tags === null ||
      spec.tags.includes(tag) ||
      DIALECT_TAGS.has(tag) ||
      codeBearingTag(tag)
    )
      return undefined;
    const meant = closestTag(tag, spec.tags);
    if (!meant) return undefined;
    this.report({
      subject: spec.what,
      code: 'dialect.unknown_tag',
      problem: `unknown tag ${tag}`,
      hint: `did you mean ${meant}?${tag.toLowerCase() === meant.toLowerCase() ? ' Tags are case-sensitive.' : ''} The rest is checked as ${meant}`,
    });
    return meant;
  }

  /**
   * Check tag and keys of a mapping; returns its fields by name. Keys are taken as written: a
   * leading `_` is the SDK's private attribute (`_nshots`), which the friendly dialect does not
   * alias (an SDK-form node is read by the SDK-form readers, sdk-form/dispatch.ts).
   */
  mapping(spec: MappingSpec): Fields {
    const meant = this.misspeltTag(spec);
    if (!meant) this.checkTag(spec.what);
    const tag = meant ?? this.tag;
    if (spec.tags !== null && !spec.tags.includes(tag ?? '')) {
      if (!tag && this.describe() === 'nothing') {
        // An empty value: say where the object is missing, once.
        this.fail({
          subject: this.path.slice(this.path.lastIndexOf('.') + 1) || spec.what,
          code: 'dialect.missing_value',
          problem: 'nothing is written here',
          expected: expectedTagsOf(spec),
        });
      }
      this.fail({
        subject: spec.what,
        problem: tag
          ? `unexpected tag ${tag}`
          : `expected ${expectedTagsOf(spec)}, found ${this.describe()}`,
        ...(tag ? { expected: expectedTagsOf(spec) } : {}),
      });
    }
    if (spec.tags === null && tag) {
      this.fail({
        subject: spec.what,
        problem: `unexpected tag ${tag}`,
        expected: expectedTagsOf(spec),
      });
    }
    if (!isMap(this.node)) {
      this.fail({ subject: spec.what, problem: `expected a mapping, found ${this.describe()}` });
    }
    const allowed = allowedKeys(spec);
    const fields = new FieldList(allowed);
    for (const pair of this.node.items) {
      if (!isPair(pair)) continue;
      // A plain key is read as it is; a reference to its node is made only to report on it.
      const plain = isScalar(pair.key) ? pair.key.value : undefined;
      const written =
        typeof plain === 'string' ? plain : this.child(pair.key, this.path).scalarValue();
      if (typeof written !== 'string') {
        const keyRef = this.child(pair.key, this.path);
        this.session.note(keyRef.error({ subject: spec.what, problem: 'keys must be names' }));
        continue;
      }
      const key = written;
      if (!allowed.includes(key)) {
        // The simulator refuses it; a real service's version of the object may have it.
        const sdkKey = key.startsWith('_') && allowed.includes(key.slice(1));
        this.child(pair.key, this.path).warn({
          subject: spec.what,
          code: 'dialect.unknown_key',
          problem: `unknown key ${quoted(written)}`,
          expected: `one of: ${allowed.join(', ')}`,
          hint: sdkKey
            ? `a key with a leading "_" is the SDK's form; the friendly dialect writes "${key.slice(1)}"`
            : suggest(key, allowed),
        });
        continue;
      }
      fields.set(key, this.child(pair.value, `${this.path}.${written}`));
    }
    for (const key of spec.required) {
      if (!fields.has(key)) {
        this.session.note(
          this.error({
            subject: spec.what,
            code: 'dialect.missing_key',
            problem: `missing key "${key}"`,
            expected: `keys ${spec.required.join(', ')}${spec.optional?.length ? ` (optional: ${spec.optional.join(', ')})` : ''}`,
          }),
        );
      }
    }
    return new Fields(this, fields);
  }

  /** A list; the SDK's `!tuple [..]` counts as one. */
  items(what: string): NodeRef[] {
    this.checkTag(what);
    if (!isSeq(this.node) || (this.tag && this.tag !== '!tuple')) {
      this.fail({ subject: what, problem: `expected a list, found ${this.describe()}` });
    }
    return this.node.items.map((item, i) => this.child(item, `${this.path}[${i}]`));
  }

  /** Pairs of an untagged mapping whose keys are free names (labels, parameter names). */
  entries(what: string): Array<{ key: string; keyRef: NodeRef; value: NodeRef }> {
    this.checkTag(what);
    if (!isMap(this.node) || this.tag) {
      this.fail({ subject: what, problem: `expected a mapping, found ${this.describe()}` });
    }
    return this.node.items.filter(isPair).map((pair) => {
      const keyRef = this.child(pair.key, this.path);
      const key = keyRef.scalarValue();
      if (typeof key !== 'string' && typeof key !== 'number') {
        keyRef.fail({ subject: what, problem: 'keys must be names' });
      }
      return {
        key: String(key),
        keyRef,
        value: this.child(pair.value, `${this.path}.${String(key)}`),
      };
    });
  }

  number(what: string): number {
    this.checkTag(what);
    const v = this.scalarValue();
    if (this.tag || typeof v !== 'number')
      this.fail({ subject: what, problem: `expected a number, found ${this.describe()}` });
    if (!Number.isFinite(v))
      this.fail({ subject: what, problem: `expected a finite number, found ${v}` });
    return v;
  }

  integer(what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const v = this.number(what);
    if (!Number.isInteger(v))
      this.fail({ subject: what, problem: `expected an integer, found ${v}` });
    if (v < min || v > max) {
      this.fail({
        subject: what,
        code: 'dialect.range',
        problem: `${v} is out of range`,
        expected:
          max < Number.MAX_SAFE_INTEGER
            ? `an integer from ${min} to ${max}`
            : min === 1
              ? 'a positive integer'
              : `an integer of at least ${min}`,
      });
    }
    return v;
  }

  string(what: string): string {
    this.checkTag(what);
    const v = this.scalarValue();
    if (this.tag || typeof v !== 'string')
      this.fail({ subject: what, problem: `expected a string, found ${this.describe()}` });
    return v;
  }

  boolean(what: string): boolean {
    this.checkTag(what);
    const v = this.scalarValue();
    if (this.tag || typeof v !== 'boolean')
      this.fail({ subject: what, problem: `expected true or false, found ${this.describe()}` });
    return v;
  }

  /** `!complex {real, imag}`, or a plain real number. */
  complex(what: string): { re: number; im: number } {
    this.checkTag(what);
    if (this.tag === '!complex') {
      const f = this.mapping({
        tags: ['!complex'],
        what: '!complex',
        required: [],
        optional: ['real', 'imag'],
      });
      return {
        re: f.get('real')?.number('real part') ?? 0,
        im: f.get('imag')?.number('imaginary part') ?? 0,
      };
    }
    if (this.tag || !isScalar(this.node)) {
      this.fail({
        subject: what,
        problem: `expected a !complex {real, imag} or a number, found ${this.describe()}`,
      });
    }
    return { re: this.number(what), im: 0 };
  }
}

/**
 * Reads each item on its own (collecting: every bad item is reported); when any item could not
 * be read, what depends on the whole list is skipped.
 */
export function readEach<T>(refs: readonly NodeRef[], read: (ref: NodeRef, i: number) => T): T[] {
  const out: T[] = [];
  let complete = true;
  refs.forEach((ref, i) => {
    const value = ref.attempt(() => ({ value: read(ref, i) }));
    if (value) out.push(value.value);
    else complete = false;
  });
  if (!complete) throw new SkippedNode();
  return out;
}

/** The checked keys of one mapping. */
/**
 * A mapping's fields, in the slots of its spec's keys: a handful each, read once, so one array
 * of the right length and a scan (a Map per mapping was a tenth of the garbage of reading a
 * megabyte of gates).
 */
class FieldList {
  private readonly refs: (NodeRef | undefined)[];

  constructor(private readonly keys: readonly string[]) {
    this.refs = new Array<NodeRef | undefined>(keys.length);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): NodeRef | undefined {
    const at = this.keys.indexOf(key);
    return at < 0 ? undefined : this.refs[at];
  }

  /** Only for one of the spec's keys. */
  set(key: string, ref: NodeRef): void {
    this.refs[this.keys.indexOf(key)] = ref;
  }
}

export class Fields {
  constructor(
    readonly owner: NodeRef,
    private readonly byKey: FieldList,
  ) {}

  get(key: string): NodeRef | undefined {
    return this.byKey.get(key);
  }

  /** A required key; when it is missing (already reported by `mapping`), reading it is skipped. */
  req(key: string): NodeRef {
    const ref = this.byKey.get(key);
    if (ref) return ref;
    if (this.owner.session.mode === 'collect') throw new SkippedNode();
    return this.owner.fail({ problem: `missing key "${key}"` });
  }
}
