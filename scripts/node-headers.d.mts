// Types for scripts/node-headers.mjs (a plain Node script, imported by its unit test).

export function headersVersion(prefix: string): string | null;
export function nodeHeadersDir(execPath?: string, version?: string): string | null;
export interface HeadersChoice {
  dir: string;
  source: 'npm setting nodedir' | 'this Node';
}
export function envWithNodeHeaders(
  env?: Record<string, string | undefined>,
  dir?: string | null,
): { env: Record<string, string | undefined>; headers: HeadersChoice | null };
