/// <reference lib="webworker" />
import '../../../zod-jitless';
import { decodeResultText } from '../model/decode';
import type { DecodeRequest, DecodeResponse } from './protocol';

/*
 * Large results (a million outcomes, long sweeps with fits) are decoded here so the window stays
 * responsive; the models are plain data and cross back by structured clone.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, text, hints } = event.data;
  let reply: DecodeResponse;
  try {
    reply = { id, ok: true, model: decodeResultText(text, hints) };
  } catch (error) {
    reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
