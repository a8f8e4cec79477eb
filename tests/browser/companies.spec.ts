import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { besideSpec } from './support/payload';
import { gotoHydrated } from './support/site';
import {
  expectFieldErrors,
  expectToast,
  FAILED_REQUEST_LOG,
  failureToasts,
  formSubmit,
  forEachFailureMode,
  holdRequests,
  sessionValue,
  toastItem,
} from './support/lead-forms';

const companyLead = { email: 'ops.lead@example.com', company: 'Northwind Compute' };

async function fillCompanyLead(page: Page, lead = companyLead) {
  await page.getByLabel('Work email').fill(lead.email);
  await page.getByLabel('Company name').fill(lead.company);
}

const submitTalentInfo = (page: Page) => formSubmit(page, 'Get Talent Info').click();

test.describe('/companies', () => {
  test('shows the headline, the form and the sections for companies', async ({ page }) => {
    await gotoHydrated(page, '/companies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Fuel Your Data Center Operations with Job-Ready Talent',
    );
    await expect(page.getByRole('heading', { name: 'Request Talent Info' })).toBeVisible();
    // It promises what follows (/hiring, then the specialist's call), not a mailing that never goes.
    await expect(
      page.getByText('a talent specialist contacts you within 1 business day'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works for Companies' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Partner With Us' })).toBeVisible();
    for (const benefit of [
      '80%+ 12-Month Retention',
      'Pre-Trained, Certified Technicians',
      'Custom Training',
    ])
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tell Us Your Hiring Needs' })).toBeVisible();

    // FAQ entries are native <details>: closed until their question is clicked.
    const question = (text: string | RegExp) => page.locator('summary').filter({ hasText: text });
    await expect(page.getByText(/custom quote for each partner/)).toBeHidden();
    await question(/How much does it cost/).click();
    await expect(page.getByText(/custom quote for each partner/)).toBeVisible();
    await expect(question('How are candidates selected?')).toBeVisible();
    await expect(question(/customised for our data centers/)).toBeVisible();
  });

  test('an empty submit shows the spec messages, re-validated on change', async ({ page }) => {
    await gotoHydrated(page, '/companies');
    await submitTalentInfo(page);
    await expectFieldErrors(page, {
      'Work email': 'Please enter a valid work email address',
      'Company name': 'Company name is required',
    });
    await page.getByLabel('Work email').fill('ops.lead@example.com');
    await expect(page.getByText('Please enter a valid work email address')).toBeHidden();
    // The company name needs at least 2 characters on /companies.
    await page.getByLabel('Company name').fill('N');
    await expect(page.getByText('Company name is required')).toBeVisible();
    await page.getByLabel('Company name').fill('NW');
    await expect(page.getByText('Company name is required')).toBeHidden();
  });

  test('a valid submit sends the lead, stores the session keys and opens /hiring', async ({
    page,
  }) => {
    await gotoHydrated(page, '/companies');
    await fillCompanyLead(page, { email: '  ops.lead@example.com ', company: 'Northwind Compute' });
    const { release } = await holdRequests(page, '**/api/companies/email');
    const request = page.waitForRequest('**/api/companies/email');
    await submitTalentInfo(page);
    const busy = page.getByRole('button', { name: 'Processing...' });
    await expect(busy).toBeDisabled();
    release();
    expect((await request).method()).toBe('POST');
    expect((await request).headers()['content-type']).toContain('application/json');
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      ...companyLead,
      attribution: { page: '/companies' },
    });
    await expectToast(
      page,
      'Success!',
      'Thanks for your interest. Please tell us more about your hiring needs.',
    );
    await expect(page).toHaveURL(/\/hiring$/);
    expect(await sessionValue(page, 'employerEmail')).toBe(companyLead.email);
    expect(await sessionValue(page, 'employerCompany')).toBe(companyLead.company);
    await expect(page.getByLabel('Work email')).toHaveValue(companyLead.email);
    await expect(page.getByLabel('Work email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Company name')).toHaveValue(companyLead.company);
    await expect(page.getByLabel('Company name')).toHaveAttribute('readonly', '');
  });

  for (const { width, height } of [
    { width: 375, height: 812 },
    { width: 768, height: 1024 },
  ]) {
    test(`at ${width} x ${height} the Success! toast shows on /hiring clear of its heading`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await gotoHydrated(page, '/companies');
      await fillCompanyLead(page);
      await submitTalentInfo(page);
      await expect(page).toHaveURL(/\/hiring$/);
      // The pointer on the toast holds it open (Radix pauses its timer): no race with its 3 s.
      const success = toastItem(page).filter({ hasText: 'Success!' });
      await success.hover();
      await expect(success).toBeInViewport({ ratio: 1 });
      const heading = page.getByRole('heading', { name: 'Request Talent Information', level: 1 });
      await expect(heading).toBeInViewport({ ratio: 1 });
      const [toast, title] = [await success.boundingBox(), await heading.boundingBox()];
      const apart = toast!.y >= title!.y + title!.height || toast!.y + toast!.height <= title!.y;
      expect(apart, 'the toast covers the heading').toBe(true);
    });
  }

  forEachFailureMode((mode, failOnceThenResubmit) => {
    test(`when ${mode} it shows the failure toast and can be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      await gotoHydrated(page, '/companies');
      await fillCompanyLead(page);
      await failOnceThenResubmit(page, {
        endpoint: '**/api/companies/email',
        submit: submitTalentInfo,
        toast: failureToasts.employer,
        afterFailure: async () => {
          await expect(page).toHaveURL(/\/companies$/);
          expect(await sessionValue(page, 'employerEmail')).toBeNull();
          await expect(formSubmit(page, 'Get Talent Info')).toBeEnabled();
        },
      });
      await expect(page).toHaveURL(/\/hiring$/);
      await expect(toastItem(page)).toContainText('Success!');
    });
  });

  test('the floating Get Talent Info button shows only past 300 px and returns to the form', async ({
    page,
  }) => {
    await gotoHydrated(page, '/companies');
    const talentInfoButtons = page.getByRole('button', { name: 'Get Talent Info' });
    await expect(talentInfoButtons).toHaveCount(1); // only the form's submit button
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(talentInfoButtons).toHaveCount(1);
    await page.evaluate(() => window.scrollTo({ top: 800, behavior: 'instant' }));
    await expect(talentInfoButtons).toHaveCount(2);
    await talentInfoButtons.last().click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('Work email')).toBeFocused();
    await expect(talentInfoButtons).toHaveCount(1);
  });

  test('Tell Us Your Hiring Needs scrolls back to the form', async ({ page }) => {
    await gotoHydrated(page, '/companies');
    await page.getByRole('button', { name: 'Tell Us Your Hiring Needs' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('Work email')).toBeFocused();
  });
});

const hiringRequest = {
  name: 'Dana Whitfield',
  title: 'Director of Operations',
  companySize: 'midsize',
  talentNeeds: '12 technicians for two sites, night shifts',
  timeline: 'soon',
  phone: '+1 555 0142',
};

async function fillHiringRequest(page: Page, prefilled: boolean) {
  await page.getByLabel('Your name').fill(hiringRequest.name);
  await page.getByLabel('Job title').fill(hiringRequest.title);
  if (!prefilled) await fillCompanyLead(page);
  await page.getByLabel('Company size').selectOption(hiringRequest.companySize);
  await page.getByLabel('Hiring timeline').selectOption(hiringRequest.timeline);
  await page.getByLabel('Talent needs').fill(hiringRequest.talentNeeds);
  // The number the promised call goes to; optional.
  await page.getByLabel('Direct phone (optional)').fill(hiringRequest.phone);
}

async function storeEmployerLead(page: Page) {
  await page.addInitScript((lead) => {
    window.sessionStorage.setItem('employerEmail', lead.email);
    window.sessionStorage.setItem('employerCompany', lead.company);
  }, companyLead);
}

const submitRequest = (page: Page) => page.getByRole('button', { name: 'Submit Request' }).click();

test.describe('/hiring', () => {
  test('shows the company form with the company-page lists', async ({ page }) => {
    await gotoHydrated(page, '/hiring');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request Talent Information');
    await expect(page.getByText(/contact you within 1 business day/).first()).toBeVisible();
    await expect(page.getByLabel('Company size').locator('option:not([disabled])')).toHaveText([
      'Startup (1-50)',
      'Small (51-200)',
      'Midsize (201-1000)',
      'Large (1000+)',
    ]);
    const timelines = page.getByLabel('Hiring timeline').locator('option:not([disabled])');
    expect(
      await timelines.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['immediate', 'soon', 'planning', 'ongoing']);
    // Without a stored lead the e-mail and company are typed in.
    await expect(page.getByLabel('Work email')).not.toHaveAttribute('readonly');
    await expect(page.getByLabel('Company name')).not.toHaveAttribute('readonly');
  });

  test('an empty submit shows the company-page messages', async ({ page }) => {
    await gotoHydrated(page, '/hiring');
    await submitRequest(page);
    await expectFieldErrors(page, {
      'Work email': 'Please enter a valid work email address',
      'Your name': 'Your name is required',
      'Job title': 'Your title is required',
      'Company name': 'Company name is required',
      'Company size': 'Please select a company size',
      'Talent needs': 'Please tell us about your hiring needs',
      'Hiring timeline': 'Please select a hiring timeline',
    });
    await page.getByLabel('Hiring timeline').selectOption('ongoing');
    await expect(page.getByText('Please select a hiring timeline')).toBeHidden();
  });

  test('e-mail and company from /companies are prefilled and read-only', async ({ page }) => {
    await storeEmployerLead(page);
    await gotoHydrated(page, '/hiring');
    const email = page.getByLabel('Work email');
    await expect(email).toHaveValue(companyLead.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Company name')).toHaveValue(companyLead.company);
    await expect(page.getByLabel('Company name')).toHaveAttribute('readonly', '');
    await email.click();
    await page.keyboard.type('x');
    await expect(email).toHaveValue(companyLead.email);
  });

  test('a valid submit sends the request and confirms it', async ({ page }) => {
    await storeEmployerLead(page);
    await gotoHydrated(page, '/hiring');
    await expect(page.getByLabel('Work email')).toHaveValue(companyLead.email);
    await fillHiringRequest(page, true);
    const request = page.waitForRequest('**/api/companies/submit');
    await submitRequest(page);
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      ...companyLead,
      ...hiringRequest,
      comments: '',
      attribution: { page: '/hiring' },
    });
    await expectToast(
      page,
      'Request Received!',
      'Thank you for your interest. A talent specialist will contact you within 1 business day.',
    );
    const confirmation = page.getByRole('heading', { name: `Thank you, ${hiringRequest.name}!` });
    await expect(confirmation).toBeFocused();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveCount(0);
  });

  forEachFailureMode((mode, failOnceThenResubmit) => {
    test(`when ${mode} it shows the failure toast and can be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      await gotoHydrated(page, '/hiring');
      await fillHiringRequest(page, false);
      await page.getByLabel('Additional comments').fill('Badge access needed on day one.');
      let resubmitted: Promise<Request> | undefined;
      await failOnceThenResubmit(page, {
        endpoint: '**/api/companies/submit',
        submit: submitRequest,
        toast: failureToasts.employer,
        afterFailure: async () => {
          await expect(page.getByLabel('Your name')).toHaveValue(hiringRequest.name);
          resubmitted = page.waitForRequest('**/api/companies/submit');
        },
      });
      expect((await resubmitted)?.postDataJSON()).toMatchObject({
        comments: 'Badge access needed on day one.',
      });
      await expect(toastItem(page)).toContainText('Request Received!');
      await expect(
        page.getByRole('heading', { name: `Thank you, ${hiringRequest.name}!` }),
      ).toBeVisible();
    });
  });
});
