import { z } from 'zod';

/**
 * The window's size and position between runs. Plain module (no electron) so the rules that
 * keep a window reachable are unit-tested: a saved position on a monitor that is gone, or a size
 * larger than any screen, is corrected rather than restored.
 */
const windowStateSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000).optional(),
  y: z.number().int().min(-100_000).max(100_000).optional(),
  width: z.number().int().min(200).max(100_000),
  height: z.number().int().min(150).max(100_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW_SIZE = { width: 800, height: 560 } as const;

/** How much of the title bar must be on some screen for the saved position to count as reachable. */
const GRAB = { width: 120, height: 32 } as const;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxWidth = Math.max(...workAreas.map((a) => a.width));
  const maxHeight = Math.max(...workAreas.map((a) => a.height));
  const width = Math.max(MIN_WINDOW_SIZE.width, Math.min(state.width, maxWidth));
  const height = Math.max(MIN_WINDOW_SIZE.height, Math.min(state.height, maxHeight));
  const fitted: WindowState = { width, height, maximized: state.maximized };
  if (state.x === undefined || state.y === undefined) return fitted;
  const titleBar: Rect = { x: state.x, y: state.y, width, height: GRAB.height };
  const reachable = workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o.width >= Math.min(GRAB.width, width) && o.height >= GRAB.height;
  });
  // Off-screen: let the OS place the window (centred on the primary display).
  return reachable ? { ...fitted, x: state.x, y: state.y } : fitted;
}

/** The saved bounds in the settings file (`app.windowBounds`), checked; the default when unusable. */
export function windowStateFromSettings(saved: unknown): WindowState {
  if (saved === null || typeof saved !== 'object') return DEFAULT_WINDOW_STATE;
  const parsed = windowStateSchema.safeParse({
    maximized: false,
    ...(saved as Record<string, unknown>),
  });
  return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
}
