import type { NodeRef } from './node-reader';
import { quoted } from '../text/quote';

/** A number as written: a constant, or a `!Parameter` an optimiser (or a reservoir input) may set. */
export type Num = { kind: 'const'; value: number } | { kind: 'param'; name: string };

export type ParamValues = ReadonlyMap<string, number>;

interface Declared {
  value: number;
  path: string;
}

/**
 * The `!Parameter`s of one functional object. A name used twice means one parameter (QAOA
 * shares an angle across gates), so its declared values must agree, or a typo would silently
 * tie two different parameters together.
 */
export class ParamTable {
  private readonly declared = new Map<string, Declared>();

  declare(ref: NodeRef): Num {
    const f = ref.mapping({
      tags: ['!Parameter'],
      what: '!Parameter',
      required: ['name', 'value'],
    });
    const nameRef = f.req('name');
    const name = nameRef.string('parameter name');
    if (name.trim() === '') nameRef.fail({ subject: '!Parameter', problem: 'the name is empty' });
    const value = f.req('value').number(`value of parameter ${quoted(name)}`);
    const earlier = this.declared.get(name);
    if (earlier && earlier.value !== value) {
      ref.fail({
        subject: `!Parameter ${quoted(name)}`,
        problem: `value ${value} differs from ${earlier.value} given at ${earlier.path}`,
        hint: 'parameters with the same name are one parameter; give them the same value or different names',
      });
    }
    if (!earlier) this.declared.set(name, { value, path: ref.path });
    return { kind: 'param', name };
  }

  has(name: string): boolean {
    return this.declared.has(name);
  }

  names(): string[] {
    return [...this.declared.keys()];
  }

  initialValues(): Map<string, number> {
    return new Map([...this.declared].map(([name, d]) => [name, d.value]));
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
  return { kind: 'const', value: ref.number(what) };
}

export function evalNum(num: Num, values: ParamValues): number {
  if (num.kind === 'const') return num.value;
  const v = values.get(num.name);
  // Every parameter is declared while parsing, so a miss here is a bug, not a user error.
  if (v === undefined) throw new Error(`parameter ${quoted(num.name)} has no value`);
  return v;
}
