import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../src/core/app/event-hub';
import { silentLogger } from '../../../src/core/logging/logger';
import { CLOSE_ANSWER_TIMEOUT_MS, installCloseGuard } from '../../../src/main/close-guard';

type GuardedWindow = Parameters<typeof installCloseGuard>[0];

/** Just enough of a BrowserWindow: `close()` emits a preventable 'close' like Electron does. */
class FakeWindow extends EventEmitter {
  closed = false;
  alive = true;
  readonly webContents = Object.assign(new EventEmitter(), {
    executeJavaScript: () => (this.alive ? Promise.resolve(true) : new Promise(() => undefined)),
  });
  isDestroyed() {
    return this.closed;
  }
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.closed = true;
  }
}

function setup() {
  const window = new FakeWindow();
  const events = createEventHub();
  const asked: number[] = [];
  events.on('app.closeRequested', () => asked.push(Date.now()));
  const kept: number[] = [];
  const guard = installCloseGuard(window as unknown as GuardedWindow, events, silentLogger, () =>
    kept.push(1),
  );
  return { window, guard, asked, kept };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the unsaved-changes guard on close', () => {
  it('asks the page first and closes when it agrees', () => {
    const { window, guard, asked } = setup();
    window.close();
    expect(window.closed).toBe(false);
    expect(asked).toHaveLength(1);
    guard.respond(true);
    expect(window.closed).toBe(true);
  });

  it('keeps the window when the page says so, and asks again next time', () => {
    const { window, guard, asked, kept } = setup();
    window.close();
    guard.respond(false);
    expect(window.closed).toBe(false);
    expect(kept).toHaveLength(1);
    window.close();
    expect(asked).toHaveLength(2);
  });

  it('waits as long as a live page is asking the person', async () => {
    const { window, guard } = setup();
    window.close();
    await vi.advanceTimersByTimeAsync(CLOSE_ANSWER_TIMEOUT_MS * 10);
    expect(window.closed).toBe(false);
    guard.respond(true);
    expect(window.closed).toBe(true);
  });

  it('closes when the page neither answers nor responds', async () => {
    const { window } = setup();
    window.alive = false;
    window.close();
    await vi.advanceTimersByTimeAsync(CLOSE_ANSWER_TIMEOUT_MS + 2_500);
    expect(window.closed).toBe(true);
  });

  it('closes on a second attempt after the time-out (drafts are autosaved)', async () => {
    const { window } = setup();
    window.close();
    window.close();
    expect(window.closed).toBe(false); // an impatient double click does not skip the question
    await vi.advanceTimersByTimeAsync(CLOSE_ANSWER_TIMEOUT_MS);
    window.close();
    expect(window.closed).toBe(true);
  });
});
