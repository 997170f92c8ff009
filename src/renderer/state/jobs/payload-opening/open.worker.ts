/// <reference lib="webworker" />
import '../../../services/zod-jitless';
import { serveRequests } from '../../../services/worker/serve';
import { openServicePayload } from '../../../../shared/sdk/decompile/open-service-payload';
import type { OpenInput } from './protocol';

/*
 * Opening a job's SDK-form payload in the friendly form reads, prints, compiles again and
 * compares it (decompilePayload): hundreds of milliseconds for a mid-sized circuit, so it runs
 * here and the window stays responsive.
 */
serveRequests(({ variant, payload }: OpenInput) => openServicePayload(variant, payload));
