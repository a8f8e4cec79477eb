import { request as playwrightRequest, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { expect, test } from './fixtures';
import { searchHeader } from '../support/search';
import { answerQuestionnaire, expectFieldErrors, fillApplication } from './support/lead-forms';

/**
 * Every public form, posted by the browser itself with JavaScript disabled
 * (docs/decisions/090): the lead is stored, the browser lands on the spec's next page, and that
 * page shows what session storage would have held; an invalid form comes back with the spec's
 * messages and what was typed.
 */
test.use({ javaScriptEnabled: false });

let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/** Looks a lead up through the admin API, as the dashboard does. */
async function storedLead(baseURL: string, table: 'candidate' | 'company', email: string) {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await admin.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    expect(login.ok()).toBe(true);
    const response = await admin.get(`/api/${table}-submissions`, { headers: searchHeader(email) });
    expect(response.ok()).toBe(true);
    const rows = (await response.json()) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    return rows[0] as Record<string, unknown>;
  } finally {
    await admin.dispose();
  }
}

const form = (page: Page, action: string) => page.locator(`form[action="${action}"]`);

async function fillCompanyRequest(scope: ReturnType<typeof form>, sizes: [string, string]) {
  await scope.getByLabel('Your name').fill('Chris Park');
  await scope.getByLabel('Job title').fill('VP Infrastructure');
  await scope.getByLabel('Company size').selectOption(sizes[0]);
  await scope.getByLabel('Hiring timeline').selectOption(sizes[1]);
  await scope.getByLabel('Talent needs').fill('Rack and stack technicians');
}

/** /companies' 'Request Talent Info' form, filled and sent. */
async function sendTalentInfo(page: Page, email: string, company: string) {
  const talent = form(page, '/api/companies/email');
  await talent.getByLabel('Work email').fill(email);
  await talent.getByLabel('Company name').fill(company);
  await talent.getByRole('button', { name: 'Get Talent Info' }).click();
}

test('/career -> /apply: the e-mail is stored, then prefilled read-only; the application lands on /thank-you', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-career');
  await page.goto('/career');
  const emailForm = form(page, '/api/candidates/email');
  await emailForm.getByLabel('Email').fill(email);
  await emailForm.getByRole('button', { name: 'Get Started' }).click();

  await expect(page).toHaveURL('/apply');
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    email,
    stage: 'email',
    sourcePage: '/career',
    landingVariant: 'free_training',
  });
  const application = form(page, '/api/candidates/submit');
  await expect(application.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(application.getByLabel('Email', { exact: true })).toHaveJSProperty('readOnly', true);

  await fillApplication(page, application);
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/thank-you');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    stage: 'application',
    firstName: 'Maria',
    educationLevel: 'military',
  });
});

test('/training stores the e-mail with its landing variant and goes on to /apply', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-training');
  await page.goto('/training');
  const emailForm = form(page, '/api/candidates/email');
  await emailForm.getByLabel('Email').first().fill(email);
  await emailForm.getByRole('button').first().click();
  await expect(page).toHaveURL('/apply');
  await expect(
    form(page, '/api/candidates/submit').getByLabel('Email', { exact: true }),
  ).toHaveValue(email);
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    sourcePage: '/training',
    landingVariant: 'high_salary',
  });
});

test('/candidates -> /typeform -> questionnaire -> /thank-you, the e-mail carried into the iframe and the ad’s attribution kept', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-candidates');
  await page.goto('/candidates?utm_source=meta&utm_campaign=spring&fbclid=IwAR-nojs');
  const basic = form(page, '/api/candidates/basic-info');
  await basic.getByLabel('First name').fill('Ada');
  await basic.getByLabel('Last name').fill('Lovelace');
  await basic.getByLabel('Email').fill(email);
  await basic.getByRole('button', { name: 'Continue to Application' }).click();

  await expect(page).toHaveURL('/typeform');
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    stage: 'questionnaire',
    firstName: 'Ada',
    utmSource: 'meta',
    utmCampaign: 'spring',
    fbclid: 'IwAR-nojs',
  });
  const frame = page.frameLocator('iframe[title="Application questionnaire"]');
  await expect(frame.getByLabel('Email')).toHaveValue(email);
  await expect(frame.getByLabel('Email')).toHaveJSProperty('readOnly', true);
  await answerQuestionnaire(frame);
  await frame.getByRole('button', { name: 'Submit Answers' }).click();

  // target="_top": the whole page moves on, not only the frame.
  await expect(page).toHaveURL('/thank-you');
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    typeformCompleted: true,
    availability: 'within-month',
    questionnaireLocation: 'Reno, NV',
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a questionnaire sent back for a correction shows its first message: the field is focused, in view', async ({
    page,
  }) => {
    await page.goto('/candidates');
    const basic = form(page, '/api/candidates/basic-info');
    await basic.getByLabel('First name').fill('Ada');
    await basic.getByLabel('Last name').fill('Lovelace');
    await basic.getByLabel('Email').fill(uniqueEmail('nojs-questionnaire-back'));
    await basic.getByRole('button', { name: 'Continue to Application' }).click();
    await expect(page).toHaveURL('/typeform');

    // The radios answered, the text left blank: the messages sit below the frame's 500 px.
    const frame = page.frameLocator('iframe[title="Application questionnaire"]');
    await frame.getByRole('radio', { name: 'Within a month' }).check();
    await frame
      .getByRole('group', { name: /train full time/ })
      .getByLabel('Yes')
      .check();
    await frame
      .getByRole('group', { name: /relocate/ })
      .getByLabel('No')
      .check();
    await frame.getByRole('button', { name: 'Submit Answers' }).click();

    await expect(page).toHaveURL('/typeform');
    const location = frame.getByLabel('Where do you live?');
    await expect(location).toHaveAccessibleDescription('Location is required');
    await expect(location).toBeFocused();
    await expect(location).toBeInViewport();
  });
});

test('/companies -> /hiring: the work e-mail and company prefilled read-only, then the confirmation', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-company');
  await page.goto('/companies');
  await sendTalentInfo(page, email, 'Redwood Colocation');

  await expect(page).toHaveURL('/hiring');
  expect(await storedLead(baseURL as string, 'company', email)).toMatchObject({
    stage: 'email',
    companyName: 'Redwood Colocation',
  });
  const request = form(page, '/api/companies/submit');
  await expect(request.getByLabel('Work email')).toHaveValue(email);
  await expect(request.getByLabel('Company name')).toHaveValue('Redwood Colocation');
  await expect(request.getByLabel('Company name')).toHaveJSProperty('readOnly', true);
  await expect(request.getByText('From your earlier request')).toHaveCount(2);

  await fillCompanyRequest(request, ['large', 'soon']);
  await request.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL('/hiring');
  await expect(page.getByRole('heading', { name: 'Thank you, Chris Park!' })).toBeVisible();
  expect(await storedLead(baseURL as string, 'company', email)).toMatchObject({
    stage: 'request',
    contactName: 'Chris Park',
    companySize: 'large',
  });
  // The confirmation is shown once: a reload is the form again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit Request' })).toBeVisible();
});

test('from an ad to / and on by a link to /candidates: the lead keeps the landing’s attribution', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-home-ad');
  await page.goto('/?utm_source=meta&utm_campaign=home-x&fbclid=IwAR-home');
  await page.getByRole('link', { name: 'Become a Data Center Technician' }).click();
  await expect(page).toHaveURL('/candidates');
  const basic = form(page, '/api/candidates/basic-info');
  await basic.getByLabel('First name').fill('Grace');
  await basic.getByLabel('Last name').fill('Hopper');
  await basic.getByLabel('Email').fill(email);
  await basic.getByRole('button', { name: 'Continue to Application' }).click();

  await expect(page).toHaveURL('/typeform');
  expect(await storedLead(baseURL as string, 'candidate', email)).toMatchObject({
    utmSource: 'meta',
    utmCampaign: 'home-x',
    fbclid: 'IwAR-home',
  });
  // Kept for the forms alone: no script reads it, and only the API is sent it.
  const kept = (await page.context().cookies()).find((cookie) => cookie.name === 'tb_landing');
  expect(kept).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' });
});

test('/companies from an ad: a form sent back for a correction keeps the ad’s attribution', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-company-ad');
  const ad = 'utm_source=meta&utm_campaign=q4-hiring&fbclid=IwAR-company';
  await page.goto(`/companies?${ad}`);
  await sendTalentInfo(page, email, 'R');
  await expect(page).toHaveURL(`/companies?${ad}`);
  await expectFieldErrors(page, { 'Company name': 'Company name is required' });
  await sendTalentInfo(page, email, 'Redwood Colocation');
  await expect(page).toHaveURL('/hiring');
  expect(await storedLead(baseURL as string, 'company', email)).toMatchObject({
    utmSource: 'meta',
    utmCampaign: 'q4-hiring',
    fbclid: 'IwAR-company',
  });
});

test('/contact: the choice opens its tab, and each form shows its thanks once stored', async ({
  page,
  baseURL,
}) => {
  const candidateEmail = uniqueEmail('nojs-contact-candidate');
  await page.goto('/contact');
  await page.getByRole('button', { name: "I'm a Candidate" }).click();
  await expect(page).toHaveURL('/contact?userType=candidate');
  const application = form(page, '/api/candidates/submit');
  await fillApplication(page, application);
  await application.getByLabel('Email', { exact: true }).fill(candidateEmail);
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { name: 'Thank you, Maria!' })).toBeVisible();
  expect(await storedLead(baseURL as string, 'candidate', candidateEmail)).toMatchObject({
    stage: 'application',
    sourcePage: '/contact',
  });

  const companyEmail = uniqueEmail('nojs-contact-company');
  await page.goto('/contact');
  await page.getByRole('button', { name: "I'm a Company" }).click();
  await expect(page).toHaveURL('/contact?userType=employer');
  const request = form(page, '/api/companies/submit');
  await fillCompanyRequest(request, ['enterprise', '1-3months']);
  await request.getByLabel('Work email').fill(companyEmail);
  await request.getByLabel('Company name').fill('Redwood Colocation');
  await request.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { name: 'Thank you, Chris Park!' })).toBeVisible();
  expect(await storedLead(baseURL as string, 'company', companyEmail)).toMatchObject({
    companySize: 'enterprise',
    timeline: '1-3months',
  });
});

test('an invalid form comes back with the spec’s messages and what was typed, nothing stored', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('nojs-invalid');
  await page.goto('/contact?userType=employer');
  const request = form(page, '/api/companies/submit');
  await request.getByLabel('Your name').fill('C');
  await request.getByLabel('Work email').fill(email);
  await request.getByLabel('Company size').selectOption('enterprise');
  await request.getByLabel('Talent needs').fill('Ten technicians');
  await request.getByRole('button', { name: 'Submit Request' }).click();

  await expect(page).toHaveURL('/contact');
  await expectFieldErrors(page, {
    'Your name': 'Name is required',
    'Job title': 'Title is required',
    'Company name': 'Company name is required',
    'Hiring timeline': 'Please select a timeline',
  });
  await expect(request.getByLabel('Your name')).toHaveValue('C');
  await expect(request.getByLabel('Work email')).toHaveValue(email);
  await expect(request.getByLabel('Company size')).toHaveValue('enterprise');
  await expect(request.getByLabel('Talent needs')).toHaveValue('Ten technicians');

  const admin = await playwrightRequest.newContext({ baseURL: baseURL as string });
  await admin.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  const rows = await (
    await admin.get('/api/company-submissions', { headers: searchHeader(email) })
  ).json();
  expect(rows).toEqual([]);
  await admin.dispose();

  // Corrected and sent again: stored, and thanked.
  await request.getByLabel('Your name').fill('Chris Park');
  await request.getByLabel('Job title').fill('VP Infrastructure');
  await request.getByLabel('Company name').fill('Redwood Colocation');
  await request.getByLabel('Hiring timeline').selectOption('exploring');
  await request.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Chris Park!' })).toBeVisible();
  expect(await storedLead(baseURL as string, 'company', email)).toMatchObject({
    timeline: 'exploring',
  });
});
