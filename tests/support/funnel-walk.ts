import { expect } from 'vitest';
import type { FunnelFigures, FunnelStep } from '../../src/shared/admin-funnel';
import { candidateIdOf, leadProofOf, postJson } from './api';
import { patchStatus } from './admin';
import { bookCall } from './calls';
import { validBodies } from './lead-bodies';
import { uniqueEmail, type TestApp } from './test-app';

/* The marketer's walk through the API: ad visits, leads by each page's forms, statuses, spend. */

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** How a lead arrives: the page's form, and for /candidates whether the questionnaire followed. */
export const PATHS = [
  '/candidates',
  '/candidates+questionnaire',
  '/career',
  '/training',
  '/apply',
] as const;
export type LeadPath = (typeof PATHS)[number];
export const PAGES = ['/candidates', '/career', '/training', '/apply'] as const;
export type Page = (typeof PAGES)[number];
/** The landing variant each page carries (decision 166); the others have none. */
const VARIANT_OF: Partial<Record<Page, 'free_training' | 'high_salary'>> = {
  '/career': 'free_training',
  '/training': 'high_salary',
};

let address = 0;
/** A counted visit of `page` from an ad of `campaign`, from an address of its own. */
export async function visit(testApp: TestApp, page: Page | '/companies', campaign: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/visits',
    payload: {
      page,
      variant: VARIANT_OF[page as Page],
      utmSource: 'facebook',
      utmCampaign: campaign,
    },
    remoteAddress: `198.18.${(++address >> 8) & 255}.${address & 255}`,
  });
  expect(response.statusCode).toBe(204);
}

/** A candidate lead through `path`'s forms, as its page posts them, a call booked if `book`. */
export async function leadThrough(
  testApp: TestApp,
  path: LeadPath,
  campaign: string,
  book = false,
) {
  const email = uniqueEmail('walk');
  const page = path === '/candidates+questionnaire' ? '/candidates' : path;
  const attribution = {
    page,
    variant: VARIANT_OF[page],
    utmSource: 'facebook',
    utmCampaign: campaign,
  };
  const post = (url: string, body: object, cookie?: string) =>
    postJson(testApp.app, url, { ...body, attribution }, { cookie });
  const first =
    page === '/candidates'
      ? await post('/api/candidates/basic-info', validBodies.candidateBasicInfo(email))
      : page === '/apply'
        ? await post('/api/candidates/submit', validBodies.candidateApplication(email))
        : await post('/api/candidates/email', validBodies.candidateEmail(email));
  expect(first.statusCode).toBeLessThan(300);
  if (path === '/candidates+questionnaire') {
    const second = await post(
      '/api/candidates/questionnaire',
      validBodies.questionnaire(email),
      leadProofOf(first),
    );
    expect(second.statusCode).toBeLessThan(300);
  }
  if (book) await bookCall(testApp.app, leadProofOf(first));
  return email;
}

/** Moves the candidate of `email` to `status` through the pipeline's PATCH. */
export async function moveTo(testApp: TestApp, cookie: string, email: string, status: string) {
  const id = await candidateIdOf(testApp.db, email);
  const path = `/api/candidate-submissions/${id}`;
  expect((await patchStatus(testApp.app, path, status, cookie)).statusCode).toBe(200);
}

/** The funnel of yesterday to tomorrow (a run past midnight stays in it) in `currency`. */
export async function funnelOf(
  testApp: TestApp,
  cookie: string,
  currency = 'USD',
): Promise<FunnelFigures> {
  const response = await testApp.app.inject({
    url: `/api/admin/funnel?from=${dayOf(-1)}&to=${dayOf(1)}&currency=${currency}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The template's CSV of a day's spend per campaign, in a currency of cents. */
export const spendCsv = (rows: [campaign: string, minor: number][], currency = 'USD') =>
  'date,source,campaign,spend,currency\n' +
  rows
    .map(([campaign, minor]) => `${dayOf(0)},facebook,${campaign},${minor / 100},${currency}\n`)
    .join('');

/** A row of the funnel never rises, and its rates are shares. */
export function expectNonIncreasing(step: FunnelStep) {
  const where = JSON.stringify(step);
  expect(step.leads, where).toBeGreaterThanOrEqual(step.applications);
  expect(step.applications, where).toBeGreaterThanOrEqual(step.booked);
  expect(step.booked, where).toBeGreaterThanOrEqual(step.attended);
  expect(step.attended, where).toBeGreaterThanOrEqual(step.enrolled);
  expect(step.enrolled, where).toBeGreaterThanOrEqual(step.placed);
  expect(step.placed, where).toBeGreaterThanOrEqual(0);
  for (const rate of [step.leadRate, step.applicationRate, step.showRate]) {
    if (rate !== null) expect(rate, where).toBeGreaterThanOrEqual(0);
    if (rate !== null) expect(rate, where).toBeLessThanOrEqual(1);
  }
  expect(step.leadRate === null, where).toBe(step.visitors === 0);
  expect(step.visitorsUndercounted, where).toBe(step.leads + step.companies > step.visitors);
}
