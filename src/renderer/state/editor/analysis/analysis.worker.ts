/// <reference lib="webworker" />
import '../../../services/zod-jitless';
import { analyzePayload } from './analyze';
import type { AnalysisRequest, AnalysisResponse } from './protocol';

/**
 * Parsing and schema-checking a large payload on every pause in typing would stall the editor
 * on the main thread (design.md, "Heavy work off the interactive threads").
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const { id, variant, text } = event.data;
  let response: AnalysisResponse;
  try {
    response = { id, ok: true, analysis: analyzePayload(variant, text) };
  } catch (error) {
    response = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
