import { describe, expect, it } from 'vitest';
import { calls, events } from '../../../../src/shared/ipc/contract';
import {
  CALL_NAME_LIST,
  EVENT_NAME_LIST,
  callChannel,
  eventChannel,
} from '../../../../src/shared/ipc/names';

describe('the zod-free name lists the preload uses', () => {
  it('name exactly the contract’s calls and events', () => {
    expect([...CALL_NAME_LIST].sort()).toEqual(Object.keys(calls).sort());
    expect([...EVENT_NAME_LIST].sort()).toEqual(Object.keys(events).sort());
  });

  it('give every call and event its own channel', () => {
    const channels = [...CALL_NAME_LIST.map(callChannel), ...EVENT_NAME_LIST.map(eventChannel)];
    expect(new Set(channels).size).toBe(channels.length);
  });

  it('document every call', () => {
    for (const [name, spec] of Object.entries(calls)) expect(spec.doc, name).not.toBe('');
  });
});
