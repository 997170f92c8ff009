import { isAlias, isMap, isNode, isPair, isScalar, isSeq } from 'yaml';
import type { Node } from 'yaml';
import { DialectError } from './dialect-error';
import type { DialectErrorInit } from './dialect-error';
import { suggest } from './did-you-mean';
import { nodeOffset } from './yaml-source';
import type { YamlSource } from './yaml-source';

/** Standard YAML tags (`!!int 3`) carry no dialect meaning; the value is already resolved. */
const CORE_TAG_PREFIX = 'tag:yaml.org,2002:';
/** Aliases may repeat gates; this caps how many we follow so an alias bomb stays cheap. */
const MAX_ALIASES = 10_000;

export type NodeErrorInit = Omit<DialectErrorInit, 'path' | 'source' | 'offset'> & {
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

/**
 * A node together with the path the user would write to reach it. Every reader throws a
 * DialectError naming that path and the node's line, so no error loses its place.
 */
export class NodeRef {
  private readonly aliasBudget: { left: number };

  constructor(
    readonly src: YamlSource,
    readonly node: Node | null,
    readonly path: string,
    aliasBudget?: { left: number },
  ) {
    this.aliasBudget = aliasBudget ?? { left: MAX_ALIASES };
  }

  static root(src: YamlSource): NodeRef {
    const node = isNode(src.doc.contents) ? src.doc.contents : null;
    return new NodeRef(src, node, src.rootPath).deref();
  }

  /** The user-visible tag, or undefined for plain nodes and standard YAML tags. */
  get tag(): string | undefined {
    const tag = this.node?.tag;
    return tag && !tag.startsWith(CORE_TAG_PREFIX) ? tag : undefined;
  }

  fail(init: NodeErrorInit): never {
    throw this.error(init);
  }

  /** The error without throwing it, for `throw ref.error(...)` where TypeScript must see the throw. */
  error(init: NodeErrorInit): DialectError {
    return new DialectError({
      path: this.path,
      ...init,
      source: this.src,
      offset: nodeOffset(this.src, this.node) ?? 0,
    });
  }

  child(node: unknown, path: string): NodeRef {
    return new NodeRef(this.src, isNode(node) ? node : null, path, this.aliasBudget).deref();
  }

  private deref(): NodeRef {
    if (!this.node || !isAlias(this.node)) return this;
    if (--this.aliasBudget.left < 0) this.fail({ problem: `more than ${MAX_ALIASES} aliases` });
    const target = this.node.resolve(this.src.doc);
    if (!target) this.fail({ problem: `alias *${this.node.source} has no anchor` });
    return new NodeRef(this.src, target, this.path, this.aliasBudget);
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
    return typeof v === 'string' ? `the string "${v}"` : `${typeof v} ${String(v)}`;
  }

  /** Check tag and keys of a mapping; returns its fields by canonical (underscore-less) name. */
  mapping(spec: MappingSpec): Fields {
    const expectedTags = spec.tags === null ? 'an untagged mapping' : spec.tags.join(' or ');
    if (spec.tags !== null && !spec.tags.includes(this.tag ?? '')) {
      this.fail({
        subject: spec.what,
        problem: this.tag
          ? `unexpected tag ${this.tag}`
          : `expected ${expectedTags}, found ${this.describe()}`,
        expected: expectedTags,
      });
    }
    if (spec.tags === null && this.tag) {
      this.fail({
        subject: spec.what,
        problem: `unexpected tag ${this.tag}`,
        expected: expectedTags,
      });
    }
    if (!isMap(this.node)) {
      this.fail({ subject: spec.what, problem: `expected a mapping, found ${this.describe()}` });
    }
    const allowed = [...spec.required, ...(spec.optional ?? [])];
    const fields = new Map<string, NodeRef>();
    for (const pair of this.node.items) {
      if (!isPair(pair)) continue;
      const keyRef = this.child(pair.key, this.path);
      const written = keyRef.scalarValue();
      if (typeof written !== 'string')
        throw keyRef.error({ subject: spec.what, problem: 'keys must be names' });
      const key = written.startsWith('_') ? written.slice(1) : written;
      if (!allowed.includes(key)) {
        keyRef.fail({
          subject: spec.what,
          problem: `unknown key "${written}"`,
          expected: `one of: ${allowed.join(', ')}`,
          hint: suggest(key, allowed),
        });
      }
      if (fields.has(key)) {
        keyRef.fail({
          subject: spec.what,
          problem: `key "${key}" is given twice (with and without "_")`,
        });
      }
      fields.set(key, this.child(pair.value, `${this.path}.${written}`));
    }
    for (const key of spec.required) {
      if (!fields.has(key)) {
        this.fail({
          subject: spec.what,
          problem: `missing key "${key}"`,
          expected: `keys ${spec.required.join(', ')}${spec.optional?.length ? ` (optional: ${spec.optional.join(', ')})` : ''}`,
        });
      }
    }
    return new Fields(this, fields);
  }

  /** A list; the SDK's `!tuple [..]` counts as one. */
  items(what: string): NodeRef[] {
    if (!isSeq(this.node) || (this.tag && this.tag !== '!tuple')) {
      this.fail({ subject: what, problem: `expected a list, found ${this.describe()}` });
    }
    return this.node.items.map((item, i) => this.child(item, `${this.path}[${i}]`));
  }

  /** Pairs of an untagged mapping whose keys are free names (labels, parameter names). */
  entries(what: string): Array<{ key: string; keyRef: NodeRef; value: NodeRef }> {
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
        problem: `${v} is out of range`,
        expected: `an integer from ${min} to ${max}`,
      });
    }
    return v;
  }

  string(what: string): string {
    const v = this.scalarValue();
    if (this.tag || typeof v !== 'string')
      this.fail({ subject: what, problem: `expected a string, found ${this.describe()}` });
    return v;
  }

  boolean(what: string): boolean {
    const v = this.scalarValue();
    if (this.tag || typeof v !== 'boolean')
      this.fail({ subject: what, problem: `expected true or false, found ${this.describe()}` });
    return v;
  }

  /** `!complex {real, imag}`, or a plain real number. */
  complex(what: string): { re: number; im: number } {
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

/** The checked keys of one mapping. */
export class Fields {
  constructor(
    readonly owner: NodeRef,
    private readonly byKey: Map<string, NodeRef>,
  ) {}

  get(key: string): NodeRef | undefined {
    return this.byKey.get(key);
  }

  req(key: string): NodeRef {
    const ref = this.byKey.get(key);
    if (!ref) return this.owner.fail({ problem: `missing key "${key}"` });
    return ref;
  }
}
