// Types for scripts/setup.mjs (a plain Node script, imported by its unit test).
import type { HeadersChoice } from './node-headers.mjs';

export function headersLine(headers: HeadersChoice | null): string;
export const NPM_CI_FAILED: string;
export const SETUP_STEPS: readonly {
  name: string;
  command: string;
  args: readonly string[];
  deps: boolean;
}[];
