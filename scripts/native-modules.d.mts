// Types for scripts/native-modules.mjs (a plain Node script, imported by its unit test).

export interface NativeModule {
  name: string;
  binary: string;
  probe: string;
  fallback: string;
}
export type BinaryBuild =
  { kind: 'napi' } | { kind: 'abi'; abi: number } | { kind: 'missing' } | { kind: 'unknown' };
export interface RuntimeTarget {
  runtime: 'node' | 'electron';
  version: string;
  abi: number;
}
export interface Marker {
  runtime: 'node' | 'electron';
  version: string;
  abi: number;
  modules: string[];
  at: string;
}
export type LoadResults = Record<string, { ok: boolean; error?: string }>;
export interface Command {
  bin: string;
  args: string[];
}
export interface NativeModuleDeps {
  readBinary(module: string): Buffer | null;
  electronTarget(): RuntimeTarget;
  probe(): LoadResults;
  hasBin(name: string): boolean;
  run(cmd: Command): { ok: boolean; reason: string };
  readMarker(): Marker | null;
  writeMarker(marker: Marker): void;
  stash(module: string, target: RuntimeTarget): void;
  restore(module: string, target: RuntimeTarget): boolean;
  log(line: string): void;
  warn(line: string): void;
}

export const NATIVE_MODULES: readonly NativeModule[];
export const MARKER_FILE: string;
export function binaryAbi(bytes: Buffer | null): BinaryBuild;
export function fitsRuntime(found: BinaryBuild, abi: number): boolean;
export function modulesToBuildForElectron(
  binaries: Record<string, BinaryBuild>,
  target: RuntimeTarget,
): string[];
export function modulesToBuildForNode(loads: LoadResults, marker: Marker | null): string[];
export function electronRebuildCommand(
  modules: string[],
  target: RuntimeTarget,
  hasBin: (name: string) => boolean,
): Command | null;
export function systemDeps(root: string): NativeModuleDeps;
export function ensureForElectron(
  deps: NativeModuleDeps,
): 'ready' | 'rebuilt' | 'restored' | 'fallback';
export function ensureForNode(deps: NativeModuleDeps): 'ready' | 'rebuilt' | 'restored' | 'failed';
