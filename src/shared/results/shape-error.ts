/** A result that does not have the shape a viewer reads: where, what was expected, what was found. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`${path || 'the result'}: expected ${expected}, found ${found}`);
  }
}

export function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}
