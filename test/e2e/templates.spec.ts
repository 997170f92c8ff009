import { expect, test } from './fixtures';
import { openTemplate } from './editor-page';

/**
 * A template names the device it was written for (`# device:` in its header): the pre-flight
 * picks that device when the template is opened, and the person may pick another afterwards.
 * (Each template's result on that device is checked in test/integration/templates.)
 */
test.use({ variant: 'B' });

test('opening a template picks the device it was written for; another may be picked after', async ({
  page,
}) => {
  const picker = page.getByRole('radiogroup', { name: 'Device' });
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();

  await openTemplate(page, /T1 relaxation/);
  await expect(picker.getByRole('radio', { name: /Vega/ })).toBeChecked();
  await picker.getByRole('radio', { name: /State-vector/ }).check();
  // A devices refresh later does not take the person's choice back.
  await page.getByRole('button', { name: 'Devices', exact: true }).click();
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(picker.getByRole('radio', { name: /State-vector/ })).toBeChecked();

  await openTemplate(page, /GHZ state/);
  await expect(picker.getByRole('radio', { name: /State-vector/ })).toBeChecked();
  await openTemplate(page, /Rabi oscillation/);
  await expect(picker.getByRole('radio', { name: /Vega/ })).toBeChecked();
});
