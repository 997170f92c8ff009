import { describe, expect, it } from 'vitest';
import {
  initialConnectionState,
  selectTokenStoreWarning,
} from '../../../../../src/renderer/state/connection/store';
import type { ConnectionState } from '../../../../../src/renderer/state/connection/store';

const state = (builtin: boolean, secure: boolean): ConnectionState => ({
  ...initialConnectionState,
  activeId: 'p',
  profiles: [
    {
      id: 'p',
      name: builtin ? 'Simulator (Variant B)' : 'Lab',
      variant: 'B',
      ...(builtin ? { builtin: 'simulator' as const } : { baseUrl: 'https://lab.example/api' }),
    } as ConnectionState['profiles'][number],
  ],
  session: {
    state: 'active',
    secretStore: { kind: 'memory', secure },
  } as ConnectionState['session'],
});

describe('the warning about where the login token is kept (issue 25)', () => {
  it('is not shown for the built-in simulator, which the app logs in at every start', () => {
    expect(selectTokenStoreWarning(state(true, false))).toBeNull();
  });

  it('is shown for a service of one’s own whose token lives in memory only', () => {
    expect(selectTokenStoreWarning(state(false, false))).toBe('memory');
    expect(selectTokenStoreWarning(state(false, true))).toBeNull();
  });
});
