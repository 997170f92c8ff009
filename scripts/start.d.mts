// Types for scripts/start.mjs (a plain Node script, imported by its tests).
import type { ElectronBinaryStatus } from './electron-binary.mjs';

export function desktopUnavailable(
  status: ElectronBinaryStatus,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  probe: (executable: string) => { ok: boolean; error?: string },
): string | null;
export function buildIsStale(root: string): boolean;
