/**
 * The shape of the payload dialect's declarations (declaration.ts): a tagged object, its fields,
 * and the two builders every declaration is written with.
 */

export interface FieldDecl {
  readonly name: string;
  readonly required: boolean;
  /** One line for people (completion details, docs). */
  readonly doc: string;
  /** What a completion writes as the value. */
  readonly example: string;
  /** Tags that may stand as the value, or as each item when `list`. */
  readonly tags?: readonly string[];
  readonly list?: boolean;
  /** The only values the field takes. */
  readonly values?: readonly string[];
  /** The fields of an untagged mapping value (`cost: {observable}`). */
  readonly fields?: readonly FieldDecl[];
}

export interface ObjectDecl {
  readonly tag: string;
  readonly doc: string;
  readonly fields: readonly FieldDecl[];
  /** Written on one line (`!CNOT {control: 0, target: 1}`), as gates are. */
  readonly flow?: boolean;
}

export const field = (
  name: string,
  doc: string,
  example: string,
  more: Partial<FieldDecl> = {},
): FieldDecl => ({ name, required: true, doc, example, ...more });
export const optional = (
  name: string,
  doc: string,
  example: string,
  more: Partial<FieldDecl> = {},
) => field(name, doc, example, { ...more, required: false });
