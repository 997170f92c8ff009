import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JobDetail, VariantId } from '../../src/shared/variants';
import { VARIANTS } from '../../src/shared/variants';
import type { FaultyServer } from '../support/faulty-server';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import type { Page, Studio } from './fixtures';

/*
 * A fake service whose jobs are what the official client (qilisdk) sent and got: the corpus's
 * own requests as payloads (test/fixtures/sdk/<version>/requests) and, where given, the SDK's
 * own serialized results. The studio's connection is switched to it, logged in, page reloaded.
 */

export const SDK_CORPUS = path.join(import.meta.dirname, '../fixtures/sdk');

/** The request's ExecutePayload (the `payload` JSON string of the corpus request). */
export function corpusPayload(
  version: string,
  request: string | null,
): Record<string, unknown> | null {
  if (!request) return null;
  const body = JSON.parse(
    readFileSync(path.join(SDK_CORPUS, version, 'requests', `${request}.json`), 'utf8'),
  ) as { payload: string };
  return JSON.parse(body.payload) as Record<string, unknown>;
}

export interface CorpusJob {
  name: string;
  payload: Record<string, unknown> | null;
  /** The execute type, when there is no payload to read it from. */
  type?: string;
  /** The result's YAML string, or none. */
  result?: string;
}

/** Jobs 1, 2, ... of `jobs`, completed, served as the real service would. */
export async function serveCorpusJobs(
  studio: Studio,
  page: Page,
  variant: VariantId,
  jobs: CorpusJob[],
): Promise<FaultyServer> {
  const fake = await startFaultyServer();
  fake.route('POST', '/authorisation-tokens', json(wireToken()));
  fake.route('POST', '/authorisation-tokens/refresh', json(wireToken()));
  fake.route('GET', '/devices', json(DEVICES_BODY));
  const infos = jobs.map((j, i) =>
    jobInfo(i + 1, 'completed', { name: j.name, completed_at: '2026-11-22T11:26:00Z' }),
  );
  fake.route('GET', '/jobs', json(wireJobList(variant, infos)));
  jobs.forEach((j, i) => {
    const type = typeof j.payload?.type === 'string' ? j.payload.type : j.type;
    const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === type)!;
    const record = {
      ...infos[i]!,
      ...(variant === 'B' ? { jobType: kind.jobType } : {}),
      payload: j.payload,
      result: j.result === undefined ? null : { type, [kind.resultField]: j.result },
      logs: '',
      error: null,
      error_logs: null,
    } as unknown as JobDetail;
    fake.route('GET', `/jobs/${i + 1}`, json(wireJobDetail(variant, record)));
  });
  const h = studio.server.core.handlers;
  await h['profiles.save']({ id: 'sdk', name: 'SDK jobs', variant, baseUrl: fake.url });
  await h['profiles.activate']({ id: 'sdk' });
  await h['session.login']({ user: 'demo', apiKey: 'demo' });
  await page.reload();
  return fake;
}
