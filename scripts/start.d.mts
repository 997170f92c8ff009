// Types for scripts/start.mjs (a plain Node script, imported by its tests).
import type { ElectronBinaryStatus } from './electron-binary.mjs';

export function desktopUnavailable(
  status: ElectronBinaryStatus,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  probe: (executable: string) => { ok: boolean; error?: string },
): string | null;
export function buildIsStale(root: string): boolean;
export const FORWARDED_SIGNALS: readonly ['SIGINT', 'SIGTERM', 'SIGHUP'];
export function superviseChild(
  child: { kill(signal: NodeJS.Signals): boolean },
  proc?: {
    ppid: number;
    on(signal: NodeJS.Signals, handler: () => void): unknown;
    off(signal: NodeJS.Signals, handler: () => void): unknown;
  },
  options?: { parent?: number; parentCheckMs?: number; onStop?: (signal: NodeJS.Signals) => void },
): () => void;
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number;
