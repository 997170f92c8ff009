import { expect, test, type Page } from './fixtures';

/**
 * The job name belongs to the editor tab: a name typed for one payload is not reused for the
 * next tab, a template or another connection, and the pre-flight says which name Submit uses.
 */
test.use({ variant: 'B' });

const nameField = (page: Page) => page.getByLabel('Job name');
const nameUsed = (page: Page) => page.getByTestId('job-name-used');

async function submit(page: Page): Promise<string> {
  await expect(page.getByTestId('payload-check')).toHaveText(/valid/);
  const id = page.getByTestId('submitted-job-id');
  const before = (await id.count()) ? await id.textContent() : null;
  await page.getByRole('button', { name: /^Submit/ }).click();
  await expect(id).toHaveText(/^\d+$/);
  if (before) await expect(id).not.toHaveText(before);
  return (await id.textContent()) ?? '';
}

async function openTemplate(page: Page, title: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'New from template' }).click();
  await page
    .getByRole('menu', { name: 'New from template' })
    .getByRole('menuitem', { name: title })
    .click();
  await expect(page.getByRole('tab', { selected: true })).toContainText(title);
}

test('a typed job name stays with its tab; other tabs and connections use their own', async ({
  page,
  studio,
}) => {
  const jobName = async (id: string) => {
    const list = await studio.server.core.handlers['jobs.list']({});
    return list.jobs.find((j) => j.id === Number(id))?.name;
  };

  // The welcome payload is the Bell template: its title comment names the job.
  await expect(nameField(page)).toHaveValue('');
  await expect(nameUsed(page)).toHaveText(
    'Will be submitted as “Bell pair (sampling)” (the payload’s title comment).',
  );
  await nameField(page).fill('calibration run 1');
  await expect(nameUsed(page)).toHaveText('Will be submitted as “calibration run 1”.');
  const first = await submit(page);
  expect(await jobName(first)).toBe('calibration run 1');

  // A template opened next starts unnamed and submits under its own title.
  await openTemplate(page, /^GHZ state/);
  await expect(nameField(page)).toHaveValue('');
  await expect(nameUsed(page)).toContainText('“GHZ state, 10 qubits (sampling)”');
  const second = await submit(page);
  expect(await jobName(second)).toBe('GHZ state, 10 qubits (sampling)');

  // An empty payload without a title comment is named after its tab.
  await page.getByRole('button', { name: 'New payload' }).click();
  await expect(nameField(page)).toHaveValue('');
  await expect(nameUsed(page)).toHaveText('Will be submitted as “Untitled-1” (the tab’s name).');

  // Back on the first tab, its own name is still there.
  await page.getByRole('tab', { name: /Bell pair/ }).click();
  await expect(nameField(page)).toHaveValue('calibration run 1');

  // Another connection: a template of its variant is not named after the Bell tab either.
  await page.getByRole('button', { name: /^Connection:/ }).click();
  await page.getByRole('menuitemradio', { name: /Simulator \(Variant A\)/ }).click();
  await expect(page.getByRole('banner').getByTestId('variant-badge')).toHaveText('Variant A');
  await openTemplate(page, /^Rabi/);
  await expect(nameField(page)).toHaveValue('');
  const title = (await nameField(page).getAttribute('placeholder')) ?? '';
  expect(title).toMatch(/^Rabi/);
  const third = await submit(page);
  expect(await jobName(third)).toBe(title);
  await expect(page.getByTestId('submit-outcome')).toContainText(`“${title}”`);
});
