import { expect, shot, test } from './fixtures';
import { openTemplate } from './editor-page';

/**
 * The payload seen, not only read (issue 26): the schedule panel under the editor for a time
 * evolution, its plotted values equal to the coefficients at given times, "Copy as Python" for
 * the payload in front, and a Rabi experiment's sweep grid, at 1280×800 and in a 760 px window;
 * a coefficient chosen in the schedule panel selects its lines in the editor.
 */
test.use({ variant: 'B' });

for (const size of [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '760', viewport: { width: 760, height: 800 } },
] as const) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`schedule and Python at ${size.name}`, async ({ page }) => {
      // The editor's first load is the slowest step on a busy machine.
      await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible({
        timeout: 60_000,
      });
      await openTemplate(page, /Two-qubit annealing/);
      const panel = page.getByRole('region', { name: 'Schedule and Hamiltonians' });
      await expect(panel.getByTestId('hamiltonian-list')).toContainText('observed');
      await expect(
        panel.getByRole('img', { name: /Schedule coefficients over time, 0 to 10/ }),
      ).toBeVisible();
      await page.screenshot({ path: shot(`schedule-${size.name}.png`) });

      // The table under the chart holds the coefficients at 0 and T: driver 1 → 0, problem 0 → 1.
      // The chart's hint appears when it takes focus: the panel must not move under the pointer.
      await panel.getByRole('button', { name: 'Table' }).click();
      const rows = panel.locator('.data-table tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveText(/^0\s*1\s*0$/);
      await expect(rows.nth(1)).toHaveText(/^10\s*0\s*1$/);

      // A coefficient's name selects its lines in the editor (coefficients.problem: line 15),
      // from the keyboard as well (coefficients.driver: line 14).
      const cursorLine = page.locator('.monaco-editor .line-numbers.active-line-number').first();
      await panel.getByRole('button', { name: /^problem: select its coefficient/ }).click();
      await expect(cursorLine).toHaveText('15');
      await panel.getByRole('button', { name: /^driver: select its coefficient/ }).focus();
      await page.keyboard.press('Enter');
      await expect(cursorLine).toHaveText('14');

      await page.getByRole('button', { name: 'Copy as Python' }).click();
      const script = page.getByRole('textbox', { name: 'Python script' });
      await expect(script).toHaveValue(/schedule = LinearSchedule\(\n {4}T=10,\n {4}dt=0\.5,/);
      await expect(script).toHaveValue(/functional = TimeEvolution\(/);
      await page.screenshot({ path: shot(`copy-as-python-${size.name}.png`) });
      await page.getByRole('button', { name: 'Done' }).click();

      await openTemplate(page, /Rabi oscillation/);
      await expect(panel).toHaveCount(0);
      const sweep = page.getByRole('region', { name: 'Experiment sweep' });
      await expect(sweep.getByRole('button', { name: /41 drive pulse durations/ })).toBeVisible();
      await expect(
        sweep.getByRole('img', { name: /Sweep grid of the Rabi experiment/ }),
      ).toBeVisible();
      await page.screenshot({ path: shot(`sweep-${size.name}.png`) });

      await openTemplate(page, /Bell pair/);
      await expect(sweep).toHaveCount(0);
    });
  });
}
