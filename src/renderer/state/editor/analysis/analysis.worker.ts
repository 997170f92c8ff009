/// <reference lib="webworker" />
import '../../../services/zod-jitless';
import { serveRequests } from '../../../services/worker/serve';
import { analyzePayload } from './analyze';
import type { AnalysisInput } from './protocol';

/**
 * Parsing and schema-checking a large payload on every pause in typing would stall the editor
 * on the main thread (design.md, "Heavy work off the interactive threads").
 */
serveRequests(({ variant, text }: AnalysisInput) => analyzePayload(variant, text));
