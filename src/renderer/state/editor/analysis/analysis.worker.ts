/// <reference lib="webworker" />
import '../../../services/zod-jitless';
import { serveRequests } from '../../../services/worker/serve';
import { analyzePayload } from './analyze';
import type { AnalysisInput } from './protocol';

/**
 * Parsing and schema-checking a large payload on every pause in typing would stall the editor
 * on the main thread, so it runs here; the page keeps typing and drawing meanwhile.
 */
serveRequests(({ variant, text }: AnalysisInput) => analyzePayload(variant, text));
