import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JobDetail, VariantId } from '../../src/shared/variants';
import { VARIANTS } from '../../src/shared/variants';
import { json, startFaultyServer } from '../support/faulty-server';
import {
  DEVICES_BODY,
  jobInfo,
  wireJobDetail,
  wireJobList,
  wireToken,
} from '../support/wire-fixtures';
import { expect, type Page, reviewShot, type Studio, test } from './fixtures';

/**
 * Jobs the official client (qilisdk) submitted, opened in the job monitor's Payload tab: a fake
 * service answers with the corpus's own requests as the jobs' payloads (the SDK's form). The
 * tab shows the friendly form; "Wire" shows the SDK's strings as the service holds them; parts
 * that stay in the SDK's form are named; "Open in editor" opens the friendly document. Pictures
 * at 1280×800 and 760 px wide go to test-results/screenshots/review/.
 */

const SDK = path.join(import.meta.dirname, '../fixtures/sdk');

interface Case {
  request: string;
  /** A line of the friendly form. */
  friendly: string;
  /** The kept part's path, when one stays in the SDK's form. */
  kept: string | null;
}

const CASES: Record<VariantId, { version: string; cases: Case[] }> = {
  B: {
    version: 'B-0.1.6',
    cases: [{ request: 'b_bell', friendly: '- !CNOT {control: 0, target: 1}', kept: null }],
  },
  A: {
    version: 'A-main',
    cases: [
      {
        request: 'a_bell_all_readouts',
        friendly: '- !ExpectationReadout {observables: ["Z0 Z1", "X0 X1"], nshots: 1000}',
        kept: null,
      },
      {
        request: 'a_qaoa_ansatz',
        friendly: 'circuit: !QAOA',
        kept: 'digital_propagation_payload.digital_propagation.circuit',
      },
    ],
  },
};

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');
const viewLines = (page: Page) => page.getByTestId('payload-view').locator('.view-lines');

function payloadOf(version: string, request: string): Record<string, unknown> {
  const body = JSON.parse(
    readFileSync(path.join(SDK, version, 'requests', `${request}.json`), 'utf8'),
  ) as { payload: string };
  return JSON.parse(body.payload) as Record<string, unknown>;
}

/** The first YAML string of the payload field, as the SDK wrote it. */
function firstString(payload: Record<string, unknown>): string {
  const field = Object.keys(payload).find((k) => k.endsWith('_payload') && payload[k])!;
  return Object.values(payload[field] as Record<string, string>)[0]!;
}

async function serveCorpus(studio: Studio, page: Page, variant: VariantId) {
  const { version, cases } = CASES[variant];
  const fake = await startFaultyServer();
  fake.route('POST', '/authorisation-tokens', json(wireToken()));
  fake.route('POST', '/authorisation-tokens/refresh', json(wireToken()));
  fake.route('GET', '/devices', json(DEVICES_BODY));
  const infos = cases.map((c, i) =>
    jobInfo(i + 1, 'completed', { name: c.request, completed_at: '2026-11-22T11:26:00Z' }),
  );
  fake.route('GET', '/jobs', json(wireJobList(variant, infos)));
  cases.forEach((c, i) => {
    const payload = payloadOf(version, c.request);
    const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === payload.type)!;
    const record = {
      ...infos[i]!,
      ...(variant === 'B' ? { jobType: kind.jobType } : {}),
      payload,
      result: null,
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

for (const variant of ['B', 'A'] as const) {
  test.describe(`payloads the official client's Variant ${variant} SDK sent`, () => {
    test.use({ variant });

    test(`open in the friendly form, with the wire one click away (${CASES[variant].version})`, async ({
      page,
      studio,
    }) => {
      test.setTimeout(180_000);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const { version, cases } = CASES[variant];
      const fake = await serveCorpus(studio, page, variant);
      try {
        await page.getByRole('button', { name: 'Jobs', exact: true }).click();
        for (const [i, c] of cases.entries()) {
          const id = i + 1;
          await page.setViewportSize({ width: 1280, height: 800 });
          await row(page, id).click();
          await expect(detail(page)).toHaveAttribute('data-job-id', String(id));
          await detail(page).getByRole('tab', { name: 'Payload' }).click();
          const friendly = detail(page).getByRole('button', { name: 'Friendly', exact: true });
          const wire = detail(page).getByRole('button', { name: 'Wire', exact: true });
          await expect(friendly).toHaveAttribute('aria-pressed', 'true');
          await expect(viewLines(page)).toContainText(c.friendly, { timeout: 30_000 });
          const kept = detail(page).getByTestId('payload-kept');
          if (c.kept) await expect(kept).toContainText(c.kept);
          else {
            await expect(kept).toHaveCount(0);
            await expect(viewLines(page)).not.toContainText('_target_qubits');
          }
          await page.screenshot({ path: reviewShot(`sdk-payload-${c.request}-1280.png`) });

          await wire.click();
          await expect(wire).toHaveAttribute('aria-pressed', 'true');
          await expect(kept).toHaveCount(0);
          // The SDK's own string, line for line, as the service holds it.
          const head = firstString(payloadOf(version, c.request)).split('\n').slice(0, 8);
          await expect(viewLines(page)).toContainText(head.join(''));
          await page.setViewportSize({ width: 760, height: 800 });
          await expect(wire).toBeVisible();
          await page.screenshot({ path: reviewShot(`sdk-payload-${c.request}-wire-760.png`) });

          await friendly.click();
          await expect(viewLines(page)).toContainText(c.friendly);
          if (c.kept) {
            await expect(kept).toBeVisible();
            await page.screenshot({ path: reviewShot(`sdk-payload-${c.request}-760.png`) });
          }
        }
        // "Open in editor" opens the friendly document, which the editor finds valid.
        await detail(page).getByRole('button', { name: 'Open in editor' }).click();
        await expect(page.getByRole('tab', { selected: true })).toContainText(
          `job-${cases.length}.yaml`,
        );
        await expect(page.getByTestId('payload-check')).toHaveText(/valid/, { timeout: 30_000 });
      } finally {
        await fake.close();
      }
      expect(pageErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
    });
  });
}
