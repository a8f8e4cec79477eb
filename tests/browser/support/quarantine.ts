import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './admin';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A bot's application: answered like a person's, kept in quarantine (decision 095). */
export async function botApplication(request: APIRequestContext, email: string) {
  const response = await request.post('/api/candidates/submit', {
    headers: { 'user-agent': BOT },
    data: {
      email,
      firstName: 'Robo',
      lastName: 'Spammer',
      phone: '555-0100',
      location: 'Nowhere, NV',
      educationLevel: 'some-college',
      techExperience: 'some-hardware',
      reason: 'Buy cheap watches.',
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
}

export const rowOf = (page: Page, email: string) =>
  page.getByRole('tabpanel').getByRole('row').filter({ hasText: email });
