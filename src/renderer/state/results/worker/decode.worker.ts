/// <reference lib="webworker" />
import '../../../services/zod-jitless';
import { serveRequests } from '../../../services/worker/serve';
import { decodeResultText } from '../decode';
import { packOutcomes } from '../outcome-keys';
import type { DecodeInput } from './protocol';

/*
 * Large results (a million outcomes, long sweeps with fits) are decoded here so the window stays
 * responsive; the models are plain data and cross back by structured clone, with sampling
 * outcomes packed into numbers and transferred (outcome-keys.ts).
 */
serveRequests(({ text, hints }: DecodeInput) => decodeResultText(text, hints), packOutcomes);
