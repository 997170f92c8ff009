import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VariantId } from '../../src/shared/variants';
import { expect, type Page, reviewShot, type Studio, test } from './fixtures';
import { SDK_CORPUS, corpusPayload, serveCorpusJobs } from './sdk-corpus-service';

/**
 * Jobs the official client (qilisdk) submitted, opened in the job monitor: a fake service
 * answers with the corpus's own requests as payloads and the SDK's own serialized results
 * (test/fixtures/sdk/<version>/results), and every result must chart in its viewer, never fall
 * back to the tree. A picture of each at 1280×800 and at 760 px wide goes to
 * test-results/screenshots/review/ for a person to look at.
 */

interface Case {
  /** The result file (without .yaml). */
  result: string;
  /** The corpus request whose payload produced it (null: none in the corpus fits exactly). */
  request: string | null;
  /** The execute type, when there is no request to read it from. */
  type: string;
  /** What the viewer shows that only its own chart has. */
  expectText: RegExp;
}

const CASES: Record<VariantId, { version: string; cases: Case[] }> = {
  B: {
    version: 'B-0.1.6',
    cases: [
      { result: 'b_result_sampling_bell', request: 'b_bell', type: 'sampling', expectText: /503/ },
      {
        result: 'b_result_sampling_rotations',
        request: 'b_gates_rotations',
        type: 'sampling',
        expectText: /1,317|1317/,
      },
      {
        result: 'b_result_time_evolution_full',
        request: 'b_te_linear_two_qubit',
        type: 'time_evolution',
        expectText: /0\.71/,
      },
      {
        result: 'b_result_time_evolution_minimal',
        request: 'b_te_linear_one_qubit',
        type: 'time_evolution',
        expectText: /0\.89/,
      },
      {
        result: 'b_result_vp_sampling',
        request: 'b_vp_sampling_cobyla',
        type: 'variational_program',
        expectText: /-1\.48/,
      },
      {
        result: 'b_result_vp_time_evolution',
        request: 'b_vp_time_evolution_lbfgsb',
        type: 'variational_program',
        expectText: /1\.5707|1\.571/,
      },
      { result: 'b_result_rabi', request: 'b_rabi', type: 'rabi_experiment', expectText: /π/ },
      { result: 'b_result_t1', request: 'b_t1', type: 't1_experiment', expectText: /T1/ },
    ],
  },
  A: {
    version: 'A-main',
    cases: [
      {
        result: 'a_result_dp_sampling_bell',
        request: null,
        type: 'digital_propagation',
        expectText: /523/,
      },
      {
        result: 'a_result_dp_expectation',
        request: 'a_gates_rotations',
        type: 'digital_propagation',
        expectText: /0\.87/,
      },
      {
        result: 'a_result_dp_state_tomography',
        request: null,
        type: 'digital_propagation',
        expectText: /0\.707/,
      },
      {
        result: 'a_result_dp_all_readouts',
        request: 'a_bell_all_readouts',
        type: 'digital_propagation',
        expectText: /276/,
      },
      {
        result: 'a_result_dp_measure_subset',
        request: 'a_measure_subset',
        type: 'digital_propagation',
        expectText: /368/,
      },
      {
        result: 'a_result_dp_measure_subset_expanded',
        request: null,
        type: 'digital_propagation',
        expectText: /1_0/,
      },
      {
        result: 'a_result_ae_intermediate',
        request: 'a_ae_linear_two_qubit',
        type: 'analog_evolution',
        expectText: /545/,
      },
      {
        result: 'a_result_reservoir',
        request: 'a_reservoir_output_encoding',
        type: 'quantum_reservoir',
        expectText: /0\.77/,
      },
      {
        result: 'a_result_vp_digital',
        request: 'a_vp_digital_cobyla',
        type: 'variational_program',
        expectText: /-1\.49/,
      },
      {
        result: 'a_result_vp_analog',
        request: 'a_vp_analog_lbfgsb',
        type: 'variational_program',
        expectText: /1\.57/,
      },
      { result: 'a_result_rabi_shim', request: 'a_rabi_shim', type: 'experiment', expectText: /π/ },
      { result: 'a_result_t1_shim', request: 'a_t1_shim', type: 'experiment', expectText: /T1/ },
    ],
  },
};

const row = (page: Page, id: number) => page.locator(`.job-row[data-job-id="${id}"]`);
const detail = (page: Page) => page.getByTestId('job-detail');

function serveCorpus(studio: Studio, page: Page, variant: VariantId) {
  const { version, cases } = CASES[variant];
  return serveCorpusJobs(
    studio,
    page,
    variant,
    cases.map((c) => ({
      name: c.result,
      payload: corpusPayload(version, c.request),
      type: c.type,
      result: readFileSync(path.join(SDK_CORPUS, version, 'results', `${c.result}.yaml`), 'utf8'),
    })),
  );
}

async function openResult(page: Page, id: number) {
  await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  await expect(page.getByTestId('job-monitor')).toBeVisible();
  await row(page, id).click();
  await expect(detail(page)).toHaveAttribute('data-job-id', String(id));
  await detail(page).getByRole('tab', { name: 'Result' }).click();
  const viewer = detail(page).getByTestId('result-viewer');
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  return viewer;
}

for (const variant of ['B', 'A'] as const) {
  test.describe(`results the official client's Variant ${variant} SDK serialized`, () => {
    test.use({ variant });

    test(`every corpus result of ${CASES[variant].version} charts in its viewer`, async ({
      page,
      studio,
    }) => {
      test.setTimeout(300_000);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const fake = await serveCorpus(studio, page, variant);
      try {
        for (const [i, c] of CASES[variant].cases.entries()) {
          await page.setViewportSize({ width: 1280, height: 800 });
          const viewer = await openResult(page, i + 1);
          await expect(viewer.getByTestId('tree-view'), c.result).toHaveCount(0);
          await expect(viewer, c.result).toContainText(c.expectText);
          await page.screenshot({ path: reviewShot(`sdk-${c.result}-1280.png`) });
          await page.setViewportSize({ width: 760, height: 800 });
          await expect(viewer).toBeVisible();
          await page.screenshot({ path: reviewShot(`sdk-${c.result}-760.png`) });
        }
      } finally {
        await fake.close();
      }
      expect(pageErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
    });
  });
}
