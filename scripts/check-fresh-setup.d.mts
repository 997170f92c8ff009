// Types for scripts/check-fresh-setup.mjs (a plain Node script, imported by its unit test).

export function freshEnv(
  env: Record<string, string | undefined>,
  home: string,
  cache: string,
): Record<string, string | undefined>;
