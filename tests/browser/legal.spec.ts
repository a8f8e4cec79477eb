import type { Page } from '@playwright/test';
import { claims } from '../../src/shared/claims';
import { expect, test } from './fixtures';
import { gotoHydrated, site } from './support/site';

const documents = [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    sections: [
      'Introduction',
      'Information We Collect',
      'How We Collect Information',
      'How We Use Your Information',
      'Cookies and Tracking Technologies',
      'Data Security',
      'Data Retention',
      'Your Legal Rights',
      'Changes to This Policy',
      'Contact Us',
    ],
    keyTexts: [
      'first and last name, e-mail address',
      'your location, your highest level of education, your experience with technology',
      'company’s name and size, its talent needs, its hiring timeline',
      'Questionnaire answers',
      'UTM parameters',
      'analytics service',
      'Meta Pixel',
      'session storage',
      'California Consumer Privacy Act',
      'Do Not Sell or Share My Personal Information',
      // What the tracking code does (src/client/lib/tracking): its storage, cookie and switches.
      'trackingConsent',
      '_fbp',
      'connect.facebook.net',
      // What the server sends Meta (src/server/conversions) with consent: contact details hashed.
      'Conversions API: with your e-mail address, phone number and name in hashed form',
      'Global Privacy Control signal, the Meta Pixel never loads',
      'Cookie settings',
    ],
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    sections: [
      'Introduction',
      'Our Services',
      'Accounts',
      'Application Process',
      'Program Participation and Dismissal',
      'Job Placement',
      'Intellectual Property',
      'Privacy',
      'Limitation of Liability',
      'Changes to These Terms',
      'Governing Law',
      'Contact Us',
    ],
    keyTexts: [
      'Submitting an application does not guarantee acceptance into the Program.',
      'we cannot guarantee employment.',
      `at least ${claims.materialChangeNoticeDays} days’ notice`,
      `governed by the laws of the State of ${claims.governingLaw}`,
      `${claims.trainingWeeks}-week training program`,
    ],
  },
] as const;

const main = (page: Page) => page.getByRole('main');

for (const doc of documents) {
  test.describe(doc.path, () => {
    test('is one dated document with a numbered section per topic', async ({ page }) => {
      await page.goto(doc.path);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(doc.title);
      await expect(
        main(page).getByText(`Effective date: ${claims.legalDocumentsDate}`),
      ).toBeVisible();
      await expect(main(page).locator('time')).toHaveAttribute('datetime', '2025-04-18');
      await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
        doc.sections.map((title, index) => `${index + 1}. ${title}`),
      );
    });

    test('says what it must', async ({ page }) => {
      await page.goto(doc.path);
      for (const text of doc.keyTexts) await expect(main(page)).toContainText(text);
      const email = main(page).getByRole('link', { name: site.contactEmail });
      await expect(email.last()).toHaveAttribute('href', `mailto:${site.contactEmail}`);
    });

    test('its table of contents leads to every section', async ({ page }) => {
      await gotoHydrated(page, doc.path);
      const contents = page.getByRole('navigation', { name: 'Contents' });
      await expect(contents.getByRole('link')).toHaveText([...doc.sections]);
      const last = doc.sections.length - 1;
      for (const index of [last, 0]) {
        await contents.getByRole('link', { name: doc.sections[index], exact: true }).click();
        const heading = main(page).getByRole('heading', {
          level: 2,
          name: `${index + 1}. ${doc.sections[index]}`,
        });
        await expect(heading).toBeInViewport();
      }
      await expect(page).toHaveURL(new RegExp(`${doc.path}#introduction$`));
    });
  });
}

test('the privacy policy and the terms link to each other', async ({ page }) => {
  await gotoHydrated(page, '/privacy');
  await main(page).getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await main(page).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});

test("the privacy policy's rights lead to the status page, where a person acts on them", async ({
  page,
}) => {
  await gotoHydrated(page, '/privacy');
  await main(page).getByRole('link', { name: 'status page', exact: true }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Status Page');
});

// The consent banner links here. The sections are laid out in full on load (decision 172), so
// the browser scrolls to where the section really is: its heading just below the fixed top bar.
test('a link to a section, loaded as a new page, shows that section at the top', async ({
  page,
}) => {
  await gotoHydrated(page, '/privacy#cookies-and-tracking');
  const heading = main(page).getByRole('heading', {
    level: 2,
    name: /Cookies and Tracking Technologies/,
  });
  const topBarHeight = (await page.getByRole('banner').boundingBox())!.height;
  // Polled: the page scrolls there smoothly once it has hydrated.
  await expect
    .poll(async () => {
      const top = (await heading.boundingBox())?.y ?? -1;
      return top >= topBarHeight && top < topBarHeight + 50;
    })
    .toBe(true);
});
