/**
 * `--json` prints the models as they are held: snake_case fields as in the specification,
 * dates already ISO 8601 (the wire codecs converted them), payload and result decoded with
 * their functional objects as YAML strings, logs and errors as text.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
