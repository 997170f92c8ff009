import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  windowStateFromSettings,
} from '../../../src/main/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('remembered window bounds', () => {
  it('are restored where they are reachable', () => {
    const state = { x: 1600, y: 100, width: 1600, height: 1000, maximized: false };
    expect(fitToDisplays(state, [laptop, external])).toEqual(state);
  });

  it('drop a position on a monitor that is gone (the OS places the window)', () => {
    const onExternal = { x: 1600, y: 100, width: 1200, height: 800, maximized: true };
    expect(fitToDisplays(onExternal, [laptop])).toEqual({
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('shrink a size larger than every screen, but not below the minimum', () => {
    expect(fitToDisplays({ width: 5000, height: 3000, maximized: false }, [laptop])).toEqual({
      width: 1440,
      height: 875,
      maximized: false,
    });
    expect(fitToDisplays({ width: 300, height: 200, maximized: false }, [laptop])).toMatchObject({
      width: 800,
      height: 560,
    });
  });

  it('count a window whose title bar is above the screen as off-screen', () => {
    expect(
      fitToDisplays({ x: 100, y: -500, width: 1000, height: 700, maximized: false }, [laptop]),
    ).not.toHaveProperty('x');
  });

  it('fall back to the default for settings that do not fit', () => {
    expect(windowStateFromSettings(null)).toEqual(DEFAULT_WINDOW_STATE);
    expect(windowStateFromSettings({ width: 'wide' })).toEqual(DEFAULT_WINDOW_STATE);
    expect(windowStateFromSettings({ width: 1000, height: 700 })).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
  });
});
