import type { VariantId } from '../../src/shared/variants';
import { expect, type Page, reviewShot, test } from './fixtures';
import { corpusPayload, serveCorpusJobs } from './sdk-corpus-service';

/**
 * Jobs the official client (qilisdk) submitted, opened in the job monitor's Payload tab: a fake
 * service answers with the corpus's own requests as the jobs' payloads (the SDK's form). The
 * tab shows the friendly form; "Wire" shows the SDK's strings as the service holds them; parts
 * that stay in the SDK's form are named; "Open in editor" opens the friendly document. Pictures
 * at 1280×800 and 760 px wide go to test-results/screenshots/review/.
 */

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
  return corpusPayload(version, request)!;
}

/** The first YAML string of the payload field, as the SDK wrote it. */
function firstString(payload: Record<string, unknown>): string {
  const field = Object.keys(payload).find((k) => k.endsWith('_payload') && payload[k])!;
  return Object.values(payload[field] as Record<string, string>)[0]!;
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
      const fake = await serveCorpusJobs(
        studio,
        page,
        variant,
        cases.map((c) => ({ name: c.request, payload: payloadOf(version, c.request) })),
      );
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
