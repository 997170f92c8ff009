// Types for scripts/electron-binary.mjs (a plain Node script, imported by its tests).

type Env = Record<string, string | undefined>;

export type ElectronBinaryStatus =
  | { installed: true; version: string; executable: string }
  | { installed: false; version: string; missing: string };

export function defaultElectronDir(): string;
export function electronBinaryStatus(electronDir: string, env?: Env): ElectronBinaryStatus;
export function failureReason(stderr: string, env?: Env): string;
export function installElectronBinary(
  electronDir: string,
  env?: Env,
  log?: (line: string) => void,
): Promise<{ ok: true; already: boolean } | { ok: false; reason: string }>;
export function missingLine(prefix: string, version: string, why: string, env?: Env): string;
