import { describe, expect, it } from 'vitest';
import type { QjobApi } from '../../../../../src/shared/ipc/contract';
import { QjobCallError } from '../../../../../src/shared/ipc/call-error';
import { wrapBridge } from '../../../../../src/renderer/services/transport/electron-bridge';

describe('the renderer’s wrapper of window.qjob', () => {
  it('turns the preload’s plain error objects back into QjobCallErrors with code and issues', async () => {
    const bridge = {
      call: () =>
        Promise.reject({
          code: 'invalid-input',
          message: 'bad',
          issues: [{ path: 'deviceCode', message: 'x' }],
        }),
      on: () => () => undefined,
    } as unknown as QjobApi;
    const error = await wrapBridge(bridge)
      .call('session.get', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QjobCallError);
    expect(error).toMatchObject({
      code: 'invalid-input',
      message: 'bad',
      issues: [{ path: 'deviceCode' }],
    });
  });

  it('passes values through', async () => {
    const bridge = {
      call: () => Promise.resolve(42),
      on: () => () => undefined,
    } as unknown as QjobApi;
    await expect(wrapBridge(bridge).call('app.info', {})).resolves.toBe(42);
  });
});
