import { describe, expect, it } from 'vitest';
import {
  sessionProposal,
  takeLaunchToken,
} from '../../../../../src/renderer/services/transport/launch-token';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('the launch token of browser mode', () => {
  it('is taken from the fragment, kept for reloads, and removed from the address bar', () => {
    const storage = memoryStorage();
    const urls: string[] = [];
    const token = takeLaunchToken(
      { hash: '#token=abc123', pathname: '/', search: '' },
      storage,
      (u) => urls.push(u),
    );
    expect(token).toBe('abc123');
    expect(urls).toEqual(['/']);
    // A reload: the fragment is gone, the tab's storage still has it.
    expect(
      takeLaunchToken({ hash: '', pathname: '/', search: '' }, storage, (u) => urls.push(u)),
    ).toBe('abc123');
  });

  it('keeps other fragment parameters', () => {
    const urls: string[] = [];
    takeLaunchToken(
      { hash: '#token=t&job=5', pathname: '/', search: '?x=1' },
      memoryStorage(),
      (u) => urls.push(u),
    );
    expect(urls).toEqual(['/?x=1#job=5']);
  });

  it('is null when the page was opened without one', () => {
    expect(
      takeLaunchToken({ hash: '', pathname: '/', search: '' }, memoryStorage(), () => undefined),
    ).toBeNull();
  });

  it('comes with a session proposal made once per tab and kept before any connection', () => {
    const storage = memoryStorage();
    let draws = 0;
    const random = (bytes: Uint8Array) => {
      draws += 1;
      return bytes.fill(draws);
    };
    const first = sessionProposal(storage, random);
    expect(first).toBe('01'.repeat(32));
    expect(sessionProposal(storage, random)).toBe(first);
    expect(draws).toBe(1);
    storage.setItem('qjob.sessionProposal', 'not hex');
    expect(sessionProposal(storage, random)).toBe('02'.repeat(32));
  });
});
