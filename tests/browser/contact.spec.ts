import type { Page } from '@playwright/test';
import { parseSiteConfig } from '../../src/shared/site-config';
import { expect, test } from './fixtures';
import { besideSpec } from './support/payload';
import {
  expectFieldErrors,
  expectToast,
  FAILED_REQUEST_LOG,
  failureToasts,
  forEachFailureMode,
  holdRequests,
  toastItem,
} from './support/lead-forms';
import { gotoHydrated } from './support/site';

/** The server under test was built from the same environment as this test run. */
const site = parseSiteConfig(process.env);

const candidateTab = (page: Page) => page.getByRole('tab', { name: 'For Candidates' });
const companyTab = (page: Page) => page.getByRole('tab', { name: 'For Companies' });

const application = {
  email: 'maria.lopez@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '555-0142',
  location: 'Phoenix, AZ',
  educationLevel: 'military',
  techExperience: 'some-hardware',
  reason: 'I fixed radar equipment in the army and want a stable career.',
};

async function fillApplication(page: Page) {
  await page.getByLabel('First name').fill(application.firstName);
  await page.getByLabel('Last name').fill(application.lastName);
  await page.getByLabel('Email', { exact: true }).fill(application.email);
  await page.getByLabel('Phone (optional)', { exact: true }).fill(application.phone);
  await page.getByLabel('Location').fill(application.location);
  await page.getByLabel('Education level').selectOption(application.educationLevel);
  await page.getByLabel('Tech experience').selectOption(application.techExperience);
  await page.getByLabel(/Why are you interested/).fill(application.reason);
}

const talentRequest = {
  email: 'hiring@example.org',
  name: 'Chris Park',
  title: 'VP Infrastructure',
  company: 'Redwood Colocation',
  companySize: 'enterprise',
  talentNeeds: 'Rack and stack technicians for a new hall',
  timeline: '1-3months',
};

async function fillTalentRequest(page: Page) {
  await page.getByLabel('Your name').fill(talentRequest.name);
  await page.getByLabel('Job title').fill(talentRequest.title);
  await page.getByLabel('Work email').fill(talentRequest.email);
  await page.getByLabel('Company name').fill(talentRequest.company);
  await page.getByLabel('Company size').selectOption(talentRequest.companySize);
  await page.getByLabel('Hiring timeline').selectOption(talentRequest.timeline);
  await page.getByLabel('Talent needs').fill(talentRequest.talentNeeds);
}

const submitApplication = (page: Page) =>
  page.getByRole('button', { name: 'Submit Application' }).click();
const submitRequest = (page: Page) => page.getByRole('button', { name: 'Submit Request' }).click();

test('the contact page offers the two choices and the direct contact e-mail', async ({ page }) => {
  // The choices are buttons the app handles: click them once it has hydrated.
  await gotoHydrated(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Contact ${site.brandName}`);
  await expect(page.getByRole('button', { name: "I'm a Candidate" })).toBeVisible();
  await expect(page.getByRole('button', { name: "I'm a Company" })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0); // no type chosen yet
  await expect(page.getByRole('heading', { name: 'Direct Contact' })).toBeVisible();
  // One contact address (the spec's `{email}`): Direct Contact shows the footer's.
  const direct = page.getByRole('complementary', { name: 'Direct Contact' }).getByRole('link');
  await expect(direct).toHaveText(site.contactEmail);
  await expect(direct).toHaveAttribute('href', `mailto:${site.contactEmail}`);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: site.contactEmail }),
  ).toBeVisible();

  await page.getByRole('button', { name: "I'm a Company" }).click();
  await expect(companyTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(companyTab(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Request Talent' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Apply for Training' })).toBeHidden();
});

test('choosing "I\'m a Candidate" opens the candidate tab', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await page.getByRole('button', { name: "I'm a Candidate" }).click();
  await expect(candidateTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Apply for Training' })).toBeVisible();
});

test('query parameters choose the tab', async ({ page }) => {
  await page.goto('/contact?userType=employer&showForm=true');
  await expect(companyTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Company size')).toBeVisible();

  await page.goto('/contact?userType=candidate&showForm=true');
  await expect(candidateTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Education level')).toBeVisible();

  await page.goto('/contact?showForm=true');
  await expect(candidateTab(page)).toHaveAttribute('aria-selected', 'true');

  await page.goto('/contact?userType=nobody');
  await expect(page.getByRole('button', { name: "I'm a Company" })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('tabs work from the keyboard and keep what was typed', async ({ page }) => {
  // The arrow keys move between tabs once React runs them (a key pressed before does nothing).
  await gotoHydrated(page, '/contact?showForm=true');
  await page.getByLabel('First name').fill('Maria');
  await candidateTab(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(companyTab(page)).toBeFocused();
  await expect(companyTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Talent needs')).toBeVisible();
  await page.keyboard.press('Tab'); // into the selected panel
  await expect(page.getByRole('tabpanel', { name: 'For Companies' })).toBeFocused();
  await companyTab(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(candidateTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Maria');
});

test.describe('candidate form', () => {
  test('an empty submit shows the contact-page messages', async ({ page }) => {
    await page.goto('/contact?userType=candidate&showForm=true');
    await submitApplication(page);
    await expectFieldErrors(page, {
      Email: 'Please enter a valid email address',
      'First name': 'First name is required',
      'Last name': 'Last name is required',
      Location: 'Location is required',
      'Education level': 'Please select an education level',
      'Tech experience': 'Please select your experience level',
    });
    // Names and location need 2 characters on the contact page.
    await page.getByLabel('First name').fill('M');
    await page.getByLabel('Location').fill('P');
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Location is required')).toBeVisible();
    await page.getByLabel('First name').fill('Mo');
    await expect(page.getByText('First name is required')).toBeHidden();
  });

  test('a valid submit shows Submitting..., then the success toast after the server answered', async ({
    page,
  }) => {
    await page.goto('/contact?userType=candidate&showForm=true');
    await fillApplication(page);
    const { release } = await holdRequests(page, '**/api/candidates/submit');
    const request = page.waitForRequest('**/api/candidates/submit');
    await submitApplication(page);
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(toastItem(page)).toHaveCount(0); // no success before the server answered
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      ...application,
      attribution: { page: '/contact' },
    });
    release();
    await expectToast(
      page,
      'Application Submitted!',
      'Thank you for applying. We will contact you shortly to discuss next steps.',
    );
    await expect(page.getByRole('heading', { name: 'Thank you, Maria!' })).toBeFocused();
    await expect(page).toHaveURL(/\/contact\?/);
  });

  forEachFailureMode((mode, failOnceThenResubmit) => {
    test(`when ${mode} it shows the failure toast and can be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      await page.goto('/contact?userType=candidate&showForm=true');
      await fillApplication(page);
      await failOnceThenResubmit(page, {
        endpoint: '**/api/candidates/submit',
        submit: submitApplication,
        toast: failureToasts.application,
        afterFailure: () =>
          expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled(),
      });
      await expect(toastItem(page)).toContainText('Application Submitted!');
    });
  });
});

test.describe('employer form', () => {
  test('an empty submit shows the contact-page messages and lists', async ({ page }) => {
    await page.goto('/contact?userType=employer&showForm=true');
    await expect(page.getByLabel('Company size').locator('option:not([disabled])')).toHaveText([
      'Startup (1-50)',
      'Small (51-200)',
      'Midsize (201-1000)',
      'Large (1000+)',
      'Enterprise',
    ]);
    const timelines = page.getByLabel('Hiring timeline').locator('option:not([disabled])');
    expect(
      await timelines.evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      ),
    ).toEqual(['immediate', '1-3months', '3-6months', '6-12months', 'exploring']);

    await submitRequest(page);
    await expectFieldErrors(page, {
      'Work email': 'Please enter a valid email address',
      'Your name': 'Name is required',
      'Job title': 'Title is required',
      'Company name': 'Company name is required',
      'Company size': 'Please select a company size',
      'Talent needs': 'Please describe your talent needs',
      'Hiring timeline': 'Please select a timeline',
    });
  });

  test('a valid submit sends the request and confirms it', async ({ page }) => {
    await page.goto('/contact?userType=employer&showForm=true');
    await fillTalentRequest(page);
    const { release } = await holdRequests(page, '**/api/companies/submit');
    const request = page.waitForRequest('**/api/companies/submit');
    await submitRequest(page);
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      ...talentRequest,
      comments: '',
      phone: '',
      attribution: { page: '/contact' },
    });
    await expectToast(
      page,
      'Request Received!',
      'Thank you for your interest. A talent specialist will contact you within 1 business day.',
    );
    await expect(page.getByRole('heading', { name: 'Thank you, Chris Park!' })).toBeFocused();
    // The thanks that stays makes the toast's promise, not a vaguer one.
    await expect(
      page.getByText(
        'We have received your request. A talent specialist will contact you within 1 business day.',
      ),
    ).toBeVisible();
  });

  forEachFailureMode((mode, failOnceThenResubmit) => {
    test(`when ${mode} it shows the failure toast and can be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      await page.goto('/contact?userType=employer&showForm=true');
      await fillTalentRequest(page);
      await failOnceThenResubmit(page, {
        endpoint: '**/api/companies/submit',
        submit: submitRequest,
        toast: failureToasts.employer,
      });
      await expect(toastItem(page)).toContainText('Request Received!');
    });
  });
});
