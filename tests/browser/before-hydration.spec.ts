import type { Locator, Page, Request, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { answerQuestionnaire, fillApplication } from './support/lead-forms';
import { mobileViewport } from './support/site';

/**
 * A public page paints before any script is fetched; its code loads after the first paint or at
 * the first interaction (docs/decisions/164). Whatever a visitor does before that code arrives
 * counts: the entry script is held here, so the page cannot hydrate until the test lets it.
 * Without JavaScript every form posts itself: forms-without-javascript.spec.ts.
 */

/** Holds the app's entry script until `release()`: the page stays server HTML until then. */
async function holdEntry(page: Page) {
  const held: Route[] = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => void held.push(route));
  return {
    release: async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const notHydrated = (page: Page) =>
  expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

interface PublicForm {
  /** Where the form is painted (/contact's tabs: the server renders the query's tab). */
  path: string;
  endpoint: string;
  /** Fills everything but the e-mail, which the test types key by key. */
  fill?: (form: Locator, page: Page) => Promise<void>;
  emailLabel?: string;
  submit: string;
  /** What the visitor sees once the JS flow has sent it. */
  sent: (page: Page) => Promise<void>;
}

const goesTo = (path: string) => (page: Page) => expect(page).toHaveURL(path);
const thanks = (page: Page) =>
  expect(page.getByRole('heading', { name: /^Thank you, / })).toBeVisible();

async function fillCompanyRequest(form: Locator) {
  await form.getByLabel('Your name').fill('Chris Park');
  await form.getByLabel('Job title').fill('VP Infrastructure');
  await form.getByLabel('Company name').fill('Northwind Compute');
  await form.getByLabel('Company size').selectOption({ index: 1 });
  await form.getByLabel('Hiring timeline').selectOption({ index: 1 });
  await form.getByLabel('Talent needs').fill('Rack and stack technicians');
}

/** The nine public forms (src/server/leads/capture/html-forms.ts). */
const forms: readonly PublicForm[] = [
  {
    path: '/candidates',
    endpoint: '/api/candidates/basic-info',
    fill: async (form) => {
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
    },
    submit: 'Continue to Application',
    sent: goesTo('/typeform'),
  },
  {
    path: '/career',
    endpoint: '/api/candidates/email',
    submit: 'Get Started',
    sent: goesTo('/apply'),
  },
  {
    path: '/training',
    endpoint: '/api/candidates/email',
    submit: 'Reserve Your Spot Now',
    sent: goesTo('/apply'),
  },
  {
    path: '/companies',
    endpoint: '/api/companies/email',
    fill: (form) => form.getByLabel('Company name').fill('Northwind Compute'),
    emailLabel: 'Work email',
    submit: 'Get Talent Info',
    sent: goesTo('/hiring'),
  },
  {
    path: '/apply',
    endpoint: '/api/candidates/submit',
    fill: (form, page) => fillApplication(page, form),
    submit: 'Submit Application',
    sent: goesTo('/thank-you'),
  },
  {
    path: '/hiring',
    endpoint: '/api/companies/submit',
    fill: fillCompanyRequest,
    emailLabel: 'Work email',
    submit: 'Submit Request',
    sent: thanks,
  },
  {
    path: '/contact?userType=candidate',
    endpoint: '/api/candidates/submit',
    fill: (form, page) => fillApplication(page, form),
    submit: 'Submit Application',
    sent: thanks,
  },
  {
    path: '/contact?userType=employer',
    endpoint: '/api/companies/submit',
    fill: fillCompanyRequest,
    emailLabel: 'Work email',
    submit: 'Submit Request',
    sent: thanks,
  },
  {
    path: '/questionnaire',
    endpoint: '/api/candidates/questionnaire',
    fill: answerQuestionnaire,
    submit: 'Submit Answers',
    sent: (page) =>
      expect(
        page.getByRole('heading', { name: 'Thank you, your answers are saved' }),
      ).toBeVisible(),
  },
];

for (const publicForm of forms) {
  test(`${publicForm.path}: typed and submitted before the code arrives, every character is sent, once`, async ({
    page,
  }) => {
    const { path, endpoint, fill, emailLabel = 'Email', submit, sent } = publicForm;
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === endpoint)
        posts.push(request);
    });
    const entry = await holdEntry(page);
    await page.goto(path);
    const form = page.locator(`form[action="${endpoint}"]`);
    const email = uniqueEmail('early');
    await form.getByLabel(emailLabel, { exact: true }).pressSequentially(email);
    await fill?.(form, page);
    await form.getByRole('button', { name: submit }).click();

    // Held, not posted by the browser: the page has not hydrated, nothing has left.
    await notHydrated(page);
    expect(posts).toHaveLength(0);
    await expect(form.getByLabel(emailLabel, { exact: true })).toHaveValue(email);

    await entry.release();
    await sent(page);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers()['content-type']).toBe('application/json');
    expect(posts[0]?.postDataJSON()).toMatchObject({ email });
  });
}

test('/hiring shows the e-mail and company from /companies, read-only, before it hydrates', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.sessionStorage.setItem('employerEmail', 'ops.early@example.com');
    window.sessionStorage.setItem('employerCompany', 'Northwind Compute');
  });
  const entry = await holdEntry(page);
  await page.goto('/hiring');
  const email = page.getByLabel('Work email');
  const company = page.getByLabel('Company name');
  await expect(email).toHaveValue('ops.early@example.com');
  await expect(email).toHaveJSProperty('readOnly', true);
  await expect(email).toHaveAccessibleDescription('From your earlier request');
  await expect(company).toHaveValue('Northwind Compute');
  await expect(company).toHaveJSProperty('readOnly', true);
  await notHydrated(page); // filled in by the inline script, not by the app

  await entry.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(email).toHaveValue('ops.early@example.com');
  await expect(email).toHaveJSProperty('readOnly', true);
  await expect(email).toHaveAccessibleDescription('From your earlier request');
  await expect(company).toHaveValue('Northwind Compute');
});

test("a click on /contact's 'For Companies' tab before the code arrives opens that tab", async ({
  page,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/contact?userType=candidate');
  const companies = page.getByRole('tab', { name: 'For Companies' });
  await companies.click();
  await notHydrated(page);

  await entry.release();
  await expect(companies).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Request Talent' })).toBeVisible();
});

test('a tap on the mobile menu toggle before the code arrives opens the menu, once', async ({
  page,
}) => {
  await page.setViewportSize(mobileViewport);
  const entry = await holdEntry(page);
  await page.goto('/candidates');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await notHydrated(page);

  await entry.release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(4);
});

test('the code is requested after the first paint, and no script before it', async ({ page }) => {
  const response = await page.goto('/candidates');
  const html = (await response?.text()) ?? '';
  expect(/<script[^>]* src=|<link rel="modulepreload"/.test(html), 'a script in the HTML').toBe(
    false,
  );
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const order = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { paint, scripts: scripts.length, firstScript: Math.min(...scripts) };
  });
  expect(order.paint).toBeDefined();
  expect(order.scripts).toBeGreaterThan(0);
  expect(order.firstScript).toBeGreaterThan(order.paint ?? Infinity);
});

test('a link followed before the code arrives keeps the landing UTM and counts the visit', async ({
  page,
}) => {
  await holdEntry(page); // never released: the visitor leaves before the code arrives
  const beacon = page.waitForRequest(
    (request) => request.url().endsWith('/api/visits') && request.method() === 'POST',
  );
  await page.goto('/career?utm_source=fb&utm_campaign=early-leaver');
  await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page).toHaveURL('/privacy');
  expect((await beacon).postDataJSON()).toMatchObject({
    page: '/career',
    variant: 'free_training',
    utmCampaign: 'early-leaver',
  });
  const kept = await page.evaluate(() => sessionStorage.getItem('leadAttribution'));
  expect(JSON.parse(kept ?? '{}')).toMatchObject({ utmSource: 'fb', utmCampaign: 'early-leaver' });
});
