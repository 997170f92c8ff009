import { BIDI_CONTROL_RANGES } from '../../shared/text/bidi';

/**
 * `--json` prints the models as they are held: snake_case fields as in the specification,
 * dates already ISO 8601 (the wire codecs converted them), payload and result decoded with
 * their functional objects as YAML strings, logs and errors as text.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNESCAPED_CONTROLS, jsonEscape) + '\n';
}

/**
 * What JSON.stringify leaves raw although a terminal obeys it or it makes text read otherwise:
 * DEL, the C1 controls (0x9b alone starts a control sequence on some terminals) and the Unicode
 * direction overrides. They can only stand inside strings, so a `\uXXXX` escape keeps the data.
 */
const UNESCAPED_CONTROLS = new RegExp(`[\\u007f-\\u009f${BIDI_CONTROL_RANGES}]`, 'g');
const jsonEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
