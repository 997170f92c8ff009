import type { NodeRef } from './node-reader';
import type { DomainName, PyNum } from './parameter-domain';
import { DOMAIN_NAMES, isDomainName } from './parameter-domain';
import { readPyNumber } from './py-number';
import { quoted } from '../text/quote';

/**
 * A number as written: a constant, or a `!Parameter` an optimiser (or a reservoir input) may
 * set. A constant written as an integer (`theta: 1`) is a Python int to the SDK (`_value: 1`).
 */
export type Num = { kind: 'const'; value: number; int?: true } | { kind: 'param'; name: string };

export type ParamValues = ReadonlyMap<string, number>;

/**
 * A declared `!Parameter`, with everything the SDK's `Parameter` keeps: its value, its bounds
 * (absent: the domain's, ±1e30 for reals), its domain (absent: reals) and, in Variant A,
 * whether an optimiser may change it (absent: it may).
 */
export interface ParamDecl {
  name: string;
  value: PyNum;
  bounds?: readonly [PyNum, PyNum];
  domain?: DomainName;
  trainable?: boolean;
  path: string;
}

const sameNumber = (a: PyNum, b: PyNum) =>
  Object.is(a.value, b.value) && !!a.int === !!b.int && a.digits === b.digits;

function describeDifference(a: ParamDecl, b: ParamDecl): string | null {
  if (!sameNumber(a.value, b.value)) return `value ${b.value.value} differs from ${a.value.value}`;
  const bounds = (d: ParamDecl) =>
    d.bounds ? `(${d.bounds[0].value}, ${d.bounds[1].value})` : 'the default';
  const sameBounds =
    (!a.bounds && !b.bounds) ||
    (!!a.bounds &&
      !!b.bounds &&
      sameNumber(a.bounds[0], b.bounds[0]) &&
      sameNumber(a.bounds[1], b.bounds[1]));
  if (!sameBounds) return `bounds ${bounds(b)} differ from ${bounds(a)}`;
  if ((a.domain ?? 'Real Domain') !== (b.domain ?? 'Real Domain'))
    return `domain ${b.domain ?? 'Real Domain'} differs from ${a.domain ?? 'Real Domain'}`;
  if ((a.trainable ?? true) !== (b.trainable ?? true))
    return `trainable ${String(b.trainable ?? true)} differs from ${String(a.trainable ?? true)}`;
  return null;
}

/**
 * The `!Parameter`s of one functional object. A name used twice means one parameter (QAOA
 * shares an angle across gates; the SDK serializes it once and refers to it again), so
 * everything declared for it must agree, or a typo would silently tie two different parameters.
 */
export class ParamTable {
  private readonly declared = new Map<string, ParamDecl>();

  /** A friendly `!Parameter {name, value, bounds?, domain?, trainable?}`. */
  declare(ref: NodeRef): Num {
    const f = ref.mapping({
      tags: ['!Parameter'],
      what: '!Parameter',
      required: ['name', 'value'],
      optional: ['bounds', 'domain', 'trainable'],
    });
    const nameRef = f.req('name');
    const name = nameRef.string('parameter name');
    if (name.trim() === '') nameRef.fail({ subject: '!Parameter', problem: 'the name is empty' });
    const value = readPyNumber(f.req('value'), `value of parameter ${quoted(name)}`);
    const decl: ParamDecl = { name, value, path: ref.path };
    const boundsRef = f.get('bounds');
    if (boundsRef) {
      const items = boundsRef.items(`bounds of parameter ${quoted(name)}`);
      if (items.length !== 2)
        boundsRef.fail({
          subject: '!Parameter',
          problem: `expected [lower, upper], found ${items.length} numbers`,
        });
      const lower = readPyNumber(items[0]!, 'lower bound');
      const upper = readPyNumber(items[1]!, 'upper bound');
      if (lower.value > upper.value)
        boundsRef.fail({
          subject: '!Parameter',
          problem: `the lower bound ${lower.value} is above the upper ${upper.value}`,
        });
      if (value.value < lower.value || value.value > upper.value)
        boundsRef.fail({
          subject: `!Parameter ${quoted(name)}`,
          problem: `the value ${value.value} is outside its bounds [${lower.value}, ${upper.value}]`,
        });
      decl.bounds = [lower, upper];
    }
    const domainRef = f.get('domain');
    if (domainRef) {
      const domain = domainRef.string('domain');
      decl.domain = isDomainName(domain)
        ? domain
        : domainRef.fail({
            subject: '!Parameter',
            problem: `unknown domain ${quoted(domain)}`,
            expected: DOMAIN_NAMES.join(', '),
          });
    }
    const trainableRef = f.get('trainable');
    if (trainableRef) decl.trainable = trainableRef.boolean('trainable');
    return this.add(decl, ref);
  }

  /** A parameter read from the SDK's form (or built by a reader): same rules as `declare`. */
  add(decl: ParamDecl, ref: NodeRef): Num {
    const earlier = this.declared.get(decl.name);
    if (earlier) {
      const difference = describeDifference(earlier, decl);
      if (difference) {
        ref.fail({
          subject: `!Parameter ${quoted(decl.name)}`,
          problem: `${difference} given at ${earlier.path}`,
          hint: 'parameters with the same name are one parameter; declare them alike or give them different names',
        });
      }
    } else {
      this.declared.set(decl.name, decl);
    }
    return { kind: 'param', name: decl.name };
  }

  has(name: string): boolean {
    return this.declared.has(name);
  }

  get(name: string): ParamDecl | undefined {
    return this.declared.get(name);
  }

  names(): string[] {
    return [...this.declared.keys()];
  }

  initialValues(): Map<string, number> {
    return new Map([...this.declared].map(([name, d]) => [name, d.value.value]));
  }

  get size(): number {
    return this.declared.size;
  }
}

/** A real number, or a `!Parameter` when `params` is given (null: parameters are not allowed here). */
export function readNum(ref: NodeRef, what: string, params: ParamTable | null): Num {
  if (ref.tag === '!Parameter') {
    if (!params)
      ref.fail({
        subject: what,
        problem: 'a !Parameter is not allowed here',
        expected: 'a number',
      });
    return params.declare(ref);
  }
  const n = readPyNumber(ref, what);
  return n.int ? { kind: 'const', value: n.value, int: true } : { kind: 'const', value: n.value };
}

export function evalNum(num: Num, values: ParamValues): number {
  if (num.kind === 'const') return num.value;
  const v = values.get(num.name);
  // Every parameter is declared while parsing, so a miss here is a bug, not a user error.
  if (v === undefined) throw new Error(`parameter ${quoted(num.name)} has no value`);
  return v;
}
