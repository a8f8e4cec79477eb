import type { Page, Request, Route } from '@playwright/test';
import { claims } from '../../src/shared/claims';
import { expect, test } from './fixtures';
import { besideSpec } from './support/payload';
import { formSubmit, toastItem as toast } from './support/lead-forms';

/** Browser tests of the candidate pages: /candidates, /career, /training, /apply, /thank-you. */

const sessionValue = (page: Page, key: string) =>
  page.evaluate((name) => window.sessionStorage.getItem(name), key);

/** A fresh e-mail per test, so parallel tests never share a lead. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Session storage as an earlier page would have left it, set before the page's scripts run. */
async function seedSession(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
  }, values);
}

/**
 * Opens a page with a form and waits for the page to hydrate, so typing starts once the app
 * listens.
 */
async function gotoForm(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** FAQ entries are native <details>; their questions are the <summary> elements. */
const faqQuestion = (page: Page, text: string) => page.locator('summary').filter({ hasText: text });

const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

/** Failure logs the browser writes for a failed request: expected in failure tests. */
const FAILED_REQUEST_LOG = /status of 500|ERR_FAILED|Failed to fetch|ERR_CONNECTION/;

/** Answers the next matching request with a 500, or aborts it, then lets later ones through. */
async function failOnce(page: Page, path: string, how: 'status 500' | 'network abort') {
  await page.route(
    path,
    (route: Route) =>
      how === 'status 500'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"Internal server error"}',
          })
        : route.abort('failed'),
    { times: 1 },
  );
}

test.describe('/candidates', () => {
  test('shows the headline, form, steps, benefits and FAQ', async ({ page }) => {
    await gotoForm(page, '/candidates');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Launch Your Tech Career in Weeks, Not Years',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Get Started Today' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Application' })).toBeEnabled();
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();
    for (const step of ['Recruit', 'Train', 'Deploy'])
      await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
    await expect(page.getByText(`An ${claims.trainingWeeks}-week intensive`)).toBeVisible();
    for (const benefit of [
      'No Upfront Costs',
      'Guaranteed Job Placement',
      'Fast-Track Real Skills',
      'Support & Mentorship',
    ])
      await expect(page.getByRole('heading', { level: 3, name: benefit })).toBeVisible();
    await expect(page.getByText(`in ${claims.trainingMonthsLabel}, not years`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    for (const question of [
      'Do I need prior IT experience?',
      'Is the training online or in person?',
      'Am I paid during the training?',
    ])
      await expect(faqQuestion(page, question)).toBeVisible();
    await faqQuestion(page, 'Am I paid during the training?').click();
    await expect(page.getByText('The training itself is unpaid')).toBeVisible();
  });

  test('empty submit shows each message under its field, then re-validates on change', async ({
    page,
  }) => {
    await gotoForm(page, '/candidates');
    await page.getByRole('button', { name: 'Continue to Application' }).click();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(
      'First name is required',
    );
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Phone (optional)')).toBeVisible();
    await expect(page.getByText(/is required|valid email/)).toHaveCount(3);

    await page.getByLabel('First name').fill('Ada');
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/candidates$/);
  });

  test('a valid submit sends the exact payload, stores the session keys and opens /typeform', async ({
    page,
  }) => {
    const email = uniqueEmail('ada');
    await gotoForm(page, '/candidates');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    const request = page.waitForRequest(isPost('/api/candidates/basic-info'));
    await page.getByRole('button', { name: 'Continue to Application' }).click();
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '',
      attribution: { page: '/candidates' },
    });
    expect((await request).headers()['content-type']).toBe('application/json');

    await expect(toast(page)).toContainText('Information Received!');
    await expect(toast(page)).toContainText(
      "Now let's complete your application with a few more details.",
    );
    await expect(page).toHaveURL(/\/typeform$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Your Application');
    expect(await sessionValue(page, 'candidateFirstName')).toBe('Ada');
    expect(await sessionValue(page, 'candidateLastName')).toBe('Lovelace');
    expect(await sessionValue(page, 'candidateEmail')).toBe(email);
    expect(await sessionValue(page, 'candidatePhone')).toBeNull();
  });

  test('a given phone is sent and kept for the session', async ({ page }) => {
    const email = uniqueEmail('grace');
    await gotoForm(page, '/candidates');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 0100');
    const request = page.waitForRequest(isPost('/api/candidates/basic-info'));
    await page.getByRole('button', { name: 'Continue to Application' }).click();
    expect((await request).postDataJSON()).toMatchObject({ email, phone: '+1 555 0100' });
    await expect(page).toHaveURL(/\/typeform$/);
    expect(await sessionValue(page, 'candidatePhone')).toBe('+1 555 0100');
  });

  for (const how of ['status 500', 'network abort'] as const) {
    test(`a failure (${how}) shows the error toast, keeps the form and lets it be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      const email = uniqueEmail('retry');
      await gotoForm(page, '/candidates');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Email').fill(email);

      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        '/api/candidates/basic-info',
        async (route) => {
          await held;
          if (how === 'status 500') await route.fulfill({ status: 500, body: 'boom' });
          else await route.abort('failed');
        },
        { times: 1 },
      );
      let posts = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/candidates/basic-info')) posts += 1;
      });
      await page.getByRole('button', { name: 'Continue to Application' }).click();
      const busy = page.getByRole('button', { name: 'Processing...' });
      await expect(busy).toBeDisabled();
      // A second press while busy sends nothing.
      await page.keyboard.press('Enter');
      release();

      await expect(toast(page)).toContainText('Submission Error');
      await expect(toast(page)).toContainText(
        'There was a problem submitting your information. Please try again.',
      );
      // The pressed button keeps the focus: a keyboard user tries again from where they were.
      await expect(page.getByRole('button', { name: 'Continue to Application' })).toBeFocused();
      await expect(page).toHaveURL(/\/candidates$/);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      expect(await sessionValue(page, 'candidateEmail')).toBeNull();
      expect(posts).toBe(1);

      await page.getByRole('button', { name: 'Continue to Application' }).click();
      await expect(page).toHaveURL(/\/typeform$/);
      await expect(toast(page)).toContainText('Information Received!');
    });
  }

  test('the e-mail is prefilled and read-only when one is stored for the session', async ({
    page,
  }) => {
    await seedSession(page, { candidateEmail: 'stored@example.com' });
    await gotoForm(page, '/candidates');
    await expect(page.getByLabel('Email')).toHaveValue('stored@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  });

  test("the floating 'Get Started' button appears past 300 px and returns to the form", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoForm(page, '/candidates');
    const floating = page.getByRole('button', { name: 'Get Started', exact: true });
    await expect(floating).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 290));
    await expect(floating).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 320));
    await expect(floating).toBeVisible();
    await floating.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(floating).toHaveCount(0);

    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('First name')).toBeFocused();
  });
});

/** The two e-mail-only landing pages share one form; each records its own variant. */
const landings = [
  {
    path: '/career',
    variant: 'free_training',
    heading: 'Launch Your Tech Career in Weeks',
    formTitle: 'Get Started Today',
    submit: 'Get Started',
  },
  {
    path: '/training',
    variant: 'high_salary',
    heading: `Earn ${claims.salaryClaim} in Tech Without a Degree`,
    formTitle: 'Limited Spots Available',
    submit: 'Reserve Your Spot Now',
  },
] as const;

for (const landing of landings) {
  test.describe(landing.path, () => {
    const submitButton = (page: Page) => formSubmit(page, landing.submit);

    test('shows its headline and the e-mail-only form', async ({ page }) => {
      await gotoForm(page, landing.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.heading);
      await expect(page.getByRole('heading', { level: 2, name: landing.formTitle })).toBeVisible();
      const email = page.getByLabel('Email');
      await expect(email).toHaveAttribute('type', 'email');
      await expect(email).toHaveAttribute('placeholder', 'Your email address');
      await expect(email).toHaveValue('');
      await expect(submitButton(page)).toBeEnabled();
    });

    test('an empty submit asks for a valid e-mail', async ({ page }) => {
      await gotoForm(page, landing.path);
      await submitButton(page).click();
      await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      );
      await page.getByLabel('Email').fill('someone@example.com');
      await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    });

    test('a valid e-mail is sent with its variant, stored, and /apply follows with it read-only', async ({
      page,
    }) => {
      const email = uniqueEmail(landing.variant);
      await gotoForm(page, landing.path);
      await page.getByLabel('Email').fill(email);
      const request = page.waitForRequest(isPost('/api/candidates/email'));
      await submitButton(page).click();
      expect((await request).postDataJSON()).toEqual({
        ...besideSpec,
        email,
        attribution: { page: landing.path, variant: landing.variant },
      });
      await expect(toast(page)).toContainText('Success!');
      await expect(toast(page)).toContainText(
        'Thanks for your interest. Please complete your profile.',
      );
      await expect(page).toHaveURL(/\/apply$/);
      expect(await sessionValue(page, 'candidateEmail')).toBe(email);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    });

    test('a failed request shows the e-mail error toast and can be resubmitted', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      const email = uniqueEmail('landing-retry');
      await gotoForm(page, landing.path);
      await page.getByLabel('Email').fill(email);
      await failOnce(page, '/api/candidates/email', 'status 500');
      await submitButton(page).click();
      await expect(toast(page)).toContainText(
        'There was a problem submitting your email. Please try again.',
      );
      await expect(page).toHaveURL(new RegExp(`${landing.path}$`));

      await failOnce(page, '/api/candidates/email', 'network abort');
      const aborted = page.waitForEvent('requestfailed', isPost('/api/candidates/email'));
      await submitButton(page).click();
      await aborted;
      await expect(toast(page)).toContainText('Submission Error');
      await expect(page).toHaveURL(new RegExp(`${landing.path}$`));

      await submitButton(page).click();
      await expect(page).toHaveURL(/\/apply$/);
    });
  });
}

test.describe('/career content', () => {
  test('has the steps, benefits, FAQ and both calls to action', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoForm(page, '/career');
    await expect(page.getByRole('heading', { level: 3, name: 'Train', exact: true })).toBeVisible();
    await expect(page.getByText('full-time job placement').first()).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Guaranteed Job Placement' }),
    ).toBeVisible();
    await expect(faqQuestion(page, 'Do I need prior IT experience?')).toBeVisible();
    const footerCta = page.getByRole('button', { name: 'Get Started', exact: true }).last();
    await footerCta.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('/training content', () => {
  test('has the employer strip, claims, success stories and the 20-spots banner', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoForm(page, '/training');
    const strip = page.getByRole('region', { name: 'Graduates Work At' });
    await expect(strip.getByRole('listitem')).toHaveCount(4);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Why Our Program Works' }),
    ).toBeVisible();
    await expect(
      page.getByText(`${claims.projectedGrowth} by ${claims.projectedGrowthYear}`),
    ).toBeVisible();
    await expect(page.getByRole('blockquote')).toHaveCount(2);
    await expect(page.getByRole('blockquote').first()).toContainText(claims.testimonialSalary);
    await expect(
      page.getByRole('heading', {
        name: `Only ${claims.cohortSpots} spots available for the next cohort`,
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Apply While Spots Remain' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('/apply', () => {
  const fillValid = async (page: Page, email: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByLabel('Education level').selectOption('some-college');
    await page.getByLabel('Tech experience').selectOption('basic');
  };

  test('shows the application form with the spec option lists', async ({ page }) => {
    await gotoForm(page, '/apply');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for Training');
    const education = page.getByLabel('Education level').locator('option:not([disabled])');
    expect(
      await education.evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
    ).toEqual(['high-school', 'some-college', 'associate', 'bachelor', 'military', 'other']);
    const experience = page.getByLabel('Tech experience').locator('option:not([disabled])');
    expect(
      await experience.evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
    ).toEqual(['none', 'basic', 'some-hardware', 'related', 'professional']);
  });

  test('an empty submit shows every required-field message', async ({ page }) => {
    await gotoForm(page, '/apply');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(
      'First name is required',
    );
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required');
    await expect(page.getByLabel('Location')).toHaveAccessibleDescription('Location is required');
    await expect(page.getByLabel('Education level')).toHaveAccessibleDescription(
      'Please select an education level',
    );
    await expect(page.getByLabel('Tech experience')).toHaveAccessibleDescription(
      'Please select your experience level',
    );
    await page.getByLabel('Tech experience').selectOption('none');
    await expect(page.getByText('Please select your experience level')).toHaveCount(0);
  });

  test('a valid application is sent exactly, then /thank-you follows', async ({ page }) => {
    const email = uniqueEmail('katherine');
    await gotoForm(page, '/apply');
    await fillValid(page, email);
    await page
      .getByLabel('Why are you interested in becoming a data center technician?')
      .fill('I like hardware.');
    const request = page.waitForRequest(isPost('/api/candidates/submit'));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    expect((await request).postDataJSON()).toEqual({
      ...besideSpec,
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      phone: '',
      location: 'Austin, TX',
      educationLevel: 'some-college',
      techExperience: 'basic',
      reason: 'I like hardware.',
      attribution: { page: '/apply' },
    });
    await expect(toast(page)).toContainText('Application Submitted!');
    await expect(toast(page)).toContainText(
      'Thank you for applying. We will contact you shortly to discuss next steps.',
    );
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');
  });

  for (const how of ['status 500', 'network abort'] as const) {
    test(`a failure (${how}) shows the application error toast and can be resubmitted`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(FAILED_REQUEST_LOG);
      await gotoForm(page, '/apply');
      await fillValid(page, uniqueEmail('apply-retry'));
      await failOnce(page, '/api/candidates/submit', how);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(toast(page)).toContainText('Submission Error');
      await expect(toast(page)).toContainText(
        'There was a problem submitting your application. Please try again later.',
      );
      await expect(page).toHaveURL(/\/apply$/);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page).toHaveURL(/\/thank-you$/);
    });
  }

  test('details stored earlier are filled in; the e-mail is read-only', async ({ page }) => {
    await seedSession(page, {
      candidateEmail: 'stored@example.com',
      candidateFirstName: 'Mary',
      candidateLastName: 'Jackson',
      candidatePhone: '555-0101',
    });
    await gotoForm(page, '/apply');
    await expect(page.getByLabel('Email')).toHaveValue('stored@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('First name')).toHaveValue('Mary');
    await expect(page.getByLabel('First name')).not.toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Last name')).toHaveValue('Jackson');
    await expect(page.getByLabel('Phone')).toHaveValue('555-0101');
  });

  test('without a stored e-mail the field is empty and editable', async ({ page }) => {
    await gotoForm(page, '/apply');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Email')).not.toHaveAttribute('readonly', '');
  });
});

test.describe('/thank-you', () => {
  test('confirms the application, lists next steps and links home', async ({ page }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');
    await expect(page.getByRole('heading', { level: 2, name: 'What Happens Next' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
