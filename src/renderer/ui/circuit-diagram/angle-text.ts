/*
 * The angle line of a gate's box: its angles as the model gives them (`0.5`, `theta=0.5`) in at
 * most `max` character widths, so the box stays readable. A parameter keeps its value whole and
 * its name is cut (`the…=-0.79`); several angles too long together show their values alone
 * (`0.4,0.1,2`). The whole text, each value in full, is the gate's accessible name and tooltip.
 * The cut mark is as wide as two characters in the diagram's monospace font, so it counts two.
 */

const ELLIPSIS = '…';

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 2)}${ELLIPSIS}` : text;

/** `theta=0.5` → ['theta', '0.5']; a constant → [null, text]. */
function split(angle: string): [string | null, string] {
  const at = angle.lastIndexOf('=');
  return at > 0 ? [angle.slice(0, at), angle.slice(at + 1)] : [null, angle];
}

export function boxAngleText(angles: readonly string[], max: number): string {
  const full = angles.join(', ');
  if (full.length <= max) return full;
  if (angles.length === 1) {
    const [name, value] = split(angles[0]!);
    // At least one character of the name and the cut mark, else the value alone.
    const room = max - value.length - 1;
    if (name === null || room < 3) return clip(value, max);
    return `${clip(name, room)}=${value}`;
  }
  const values = angles.map((a) => split(a)[1]);
  return clip(values.join(','), max);
}
