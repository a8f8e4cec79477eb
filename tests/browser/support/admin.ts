import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { AVAILABILITY_URL, DEFAULT_AVAILABILITY } from '../../../src/shared/booking-availability';
import { E2E_ADMIN_ENV, E2E_ADMIN_PASSWORD } from '../../support/e2e';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { expect as baseExpect, test } from '../fixtures';
import { holdRequests, toastItem } from './lead-forms';

/** What the admin browser tests (tests/browser/admin*.spec.ts) share. */

// The dashboard makes several requests per step; a loaded CI machine needs more than 5 s.
export const expect = baseExpect.configure({ timeout: 15_000 });

let counter = 0;
/** A prefix no other test uses: leads are found by searching for it. */
export const uniqueTag = (label: string) =>
  `${label}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response;
}

/** Leads of each kind, through the public API as the site's forms send them. */
export const lead = {
  typeform: (request: APIRequestContext, email: string, firstName = 'Ada', lastName = 'Lovelace') =>
    post(request, '/api/candidates/basic-info', { firstName, lastName, email, phone: '555-0100' }),
  questionnaire: (request: APIRequestContext, email: string) =>
    post(request, '/api/candidates/questionnaire', {
      email,
      availability: 'within-month',
      fullTime: 'yes',
      relocation: 'depends',
      location: 'Reno, NV',
      motivation: 'I want to build the machines that run the cloud.',
      attribution: { page: '/typeform' },
    }),
  application: (
    request: APIRequestContext,
    email: string,
    lastName = 'Hopper',
    // Every test's lead has this phone unless given its own: a possible duplicate of the others.
    phone = '555-0101',
  ) =>
    post(request, '/api/candidates/submit', {
      email,
      firstName: 'Grace',
      lastName,
      phone,
      location: 'Austin, TX',
      educationLevel: 'some-college',
      techExperience: 'some-hardware',
      reason: 'I like hardware.',
    }),
  email: (
    request: APIRequestContext,
    email: string,
    attribution: Record<string, string> = {
      page: '/career',
      variant: 'free_training',
      utmSource: 'newsletter',
    },
  ) => post(request, '/api/candidates/email', { email, attribution }),
  companyRequest: (
    request: APIRequestContext,
    email: string,
    company: string,
    attribution?: Record<string, string>,
  ) =>
    post(request, '/api/companies/submit', {
      email,
      name: 'Katherine Johnson',
      title: 'Head of Operations',
      company,
      companySize: 'midsize',
      talentNeeds: 'Ten technicians.',
      timeline: 'soon',
      attribution,
    }),
};

/**
 * Signs in (on the server at `baseUrl` when given) and opens the dashboard. The session
 * cookie comes from the login API, which shares the page's cookies: the sign-in form itself
 * is tested once, by signInThroughForm's users in admin.spec.ts.
 */
export async function signIn(page: Page, baseUrl = '') {
  await post(page.request, `${baseUrl}/api/admin/login`, { password: E2E_ADMIN_PASSWORD });
  await page.goto(`${baseUrl}/admin`);
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
}

/** The owner takes calls (the default hours): an account that never saved hours offers none. */
export async function ownerTakesCalls(browser: Browser, baseURL: string | undefined) {
  const owner = await browser.newContext({ baseURL });
  await post(owner.request, '/api/admin/login', { password: E2E_ADMIN_PASSWORD });
  const saved = await owner.request.put(AVAILABILITY_URL, { data: DEFAULT_AVAILABILITY });
  expect(saved.status()).toBe(200);
  await owner.close();
}

/** Signs in on /admin's form, as a person does, and waits for the dashboard. */
export async function signInThroughForm(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
}

/** Types a search and waits until the table shows its results (aria-busy turns false). */
export async function searchFor(panel: Locator, text: string) {
  // The search sits in the dashboard's bar, above the tab's panel.
  await panel.page().getByRole('searchbox').fill(text);
  const table = panel.getByRole('region');
  await expect(table).toHaveAttribute('data-query', text);
  await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** Export to CSV, as the dashboard's button downloads it: the file's text. */
export async function exportedCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

/** A tab by its label (its name also holds the count badge). */
export const tabNamed = (page: Page, name: string) =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) });

export async function openTab(page: Page, name: string, search?: string) {
  await tabNamed(page, name).click();
  const panel = page.getByRole('tabpanel');
  if (search !== undefined) await searchFor(panel, search);
  return panel;
}

/** Opens one of the account's own pages (Security, Your sessions) from the account menu. */
export async function openAccountPage(page: Page, name: 'Security' | 'Your sessions') {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name }).click();
  const panel = page.getByRole('tabpanel', { name });
  await expect(panel).toBeFocused();
  return panel;
}

/** A card of the Overview's "This week against last" (its term and definitions): its `label`'s. */
export const outcomeCard = (panel: Locator, label: string) =>
  panel
    .getByRole('region', { name: 'This week against last' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=..');

/**
 * The open dialog once it holds the focus: Radix listens for Escape from the same effects that
 * move the focus in, so a key pressed before that (a person cannot be so quick) is not heard.
 */
export async function focusedDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

/**
 * The toast with this title, as a person sees it (not Radix's hidden screen-reader copy, which
 * lasts about a second).
 */
export const toast = (page: Page, title: string) => toastItem(page).filter({ hasText: title });

/**
 * Presses Enter on `pressed` while the requests to `path` are held: `busy` (the pressed button
 * itself unless named) is disabled and keeps the focus, then the requests go through.
 */
export async function pressWhileHeld(page: Page, path: string, pressed: Locator, busy = pressed) {
  const held = await holdRequests(page, path);
  await pressed.focus();
  await page.keyboard.press('Enter');
  await expect(busy).toBeDisabled();
  await expect(busy).toBeFocused();
  held.release();
}

/**
 * A server of the describe block's own (own data directory, and `env`), for tests whose
 * effects would reach other tests on the shared one: a mail server, ending every session.
 * Returns a getter: the server exists once beforeAll has run.
 */
export function ownServer(env: () => Record<string, string> = () => ({})): () => ServerProcess {
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    // The build the browser tests run against (npm run test:browser builds first).
    server = await startServerProcess(
      {
        DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tb-e2e-admin-')),
        ...E2E_ADMIN_ENV,
        ...env(),
      },
      { built: true },
    );
  });
  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });
  return () => {
    if (!server) throw new Error('ownServer: the server has not started');
    return server;
  };
}
