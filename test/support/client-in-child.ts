/**
 * Runs one call of the service client in a process of its own and prints, as one JSON line,
 * how it ended and the process's peak memory (resident set), so a test can bound the memory a
 * hostile answer costs the client alone, apart from the test's server and runner.
 *
 *   node --import tsx test/support/client-in-child.ts BASE_URL devices|job [LIMITS_JSON]
 */
import { createServiceClient } from '../../src/core/client/service-client';
import type { BodyLimitsOverride } from '../../src/core/client/body/limits';

const [baseUrl, call, limits] = process.argv.slice(2);
const client = createServiceClient({
  baseUrl: baseUrl as string,
  variant: 'B',
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 60_000,
  retry: { retries: 0 },
  ...(limits ? { limits: JSON.parse(limits) as BodyLimitsOverride } : {}),
});

let outcome: Record<string, unknown>;
try {
  if (call === 'devices') {
    outcome = { ok: true, devices: (await client.listDevices()).length };
  } else {
    const { detail, truncated } = await client.getJob(1, { fields: ['logs'] });
    outcome = { ok: true, logChars: detail.logs?.length ?? null, truncated: truncated ?? [] };
  }
} catch (error) {
  const e = error as { code?: string; message: string };
  outcome = { ok: false, code: e.code ?? null, message: e.message };
}
const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ ...outcome, maxRssMb })}\n`);
