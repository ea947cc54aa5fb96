import type { Page } from '@playwright/test';
import { expect } from '../playwright/fixtures';

/** The seeded staggered BMW's shared journey steps: its tyre below the load index, and why. */
export const weak = 'RoadGrip Summer 225/40 R19 89Y';
export const reason = 'This car needs load index 93 or more; this tyre is 89.';

/** Picks the BMW 3 Series G20 330i M Sport (2021) in the car picker and shows its tyres. */
export async function pickBmw(page: Page) {
  const picker = page.getByRole('form', { name: 'My car' });
  await picker.getByLabel('Make').selectOption('BMW');
  await picker.getByLabel('Model').selectOption('3 Series');
  await picker.getByLabel('Year').selectOption('2021');
  const version = picker.getByLabel('Version');
  const mSport = version.getByRole('option', { name: /G20 330i M Sport/ });
  await expect(mSport).toHaveCount(1);
  await version.selectOption({ label: (await mSport.textContent())! });
  await picker.getByRole('button', { name: 'Show tyres for this car' }).click();
}
