import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A JSON body from test/fixtures/wire, parsed fresh each time (tests mutate their copy). */
export function wireFixture(name: string): Record<string, unknown> {
  const url = new URL(`../../../fixtures/wire/${name}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, unknown>;
}
