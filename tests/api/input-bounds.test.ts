import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { SINGLE_LINE_MESSAGE } from '../../src/shared/schemas/fields';
import { awayFromMinuteEdge, candidateIdOf, candidatesWithEmail, leadCount } from '../support/api';
import { freshAddress } from '../support/admin';
import { leadEndpoints, validBodies } from '../support/lead-bodies';
import { NAVIGATION, opened, statusLinkTo, statusSiteBuild } from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Input bounds (issue 40, decisions 176 and 152): no one-line field takes a control or
 * bidirectional character, the status page's included; every body a public route stores is
 * bounded and counted against its address, the status page's corrections and refused posts too.
 */

const CLIENT_DIR = await statusSiteBuild();

/** A candidate from /candidates with the status page's mailbox proof, from its e-mailed link. */
async function candidateOnStatusPage(testApp: TestApp) {
  const email = uniqueEmail('bounds');
  const created = await post(
    testApp.app,
    '/api/candidates/basic-info',
    validBodies.candidateBasicInfo(email),
  );
  expect(created.statusCode).toBe(200);
  const id = await candidateIdOf(testApp.db, email);
  const cookie = await opened(
    testApp.app,
    await statusLinkTo(testApp, { table: 'candidates', id }),
  );
  return { email, id, lead: `c${id}`, cookie };
}

function post(
  app: FastifyInstance,
  url: string,
  body: object,
  { cookie = '', remoteAddress = freshAddress() } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', cookie },
    payload: JSON.stringify(body),
  });
}

/** A browser's own form post, without JavaScript. */
function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  { cookie = '', remoteAddress = freshAddress() } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...NAVIGATION, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const corrections = (testApp: TestApp, id: number) =>
  testApp.db
    .selectFrom('lead_submissions')
    .select('fields')
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .where('form', '=', 'status-page')
    .execute();

const historyOf = async (testApp: TestApp, id: number) =>
  Number(
    (
      await testApp.db
        .selectFrom('lead_submissions')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

const details = (lead: string) => ({
  lead,
  firstName: 'Ada',
  lastName: 'King',
  phone: '555-0199',
  location: 'Austin, TX',
});

/** Text that reads differently than it is stored: a right-to-left override, isolates, marks. */
const BIDI = [
  'Ada\u202Eecalevol',
  '\u2067Ada\u2069',
  'Ada\u200FLovelace',
  'Ada\u061C',
  'Ada\u202ALovelace\u202C',
];

describeEachDatabase(
  'input bounds',
  (current) => {
    it.each(
      leadEndpoints.flatMap(({ url, body }) =>
        Object.keys(body('x@example.com'))
          .filter((field) =>
            ['firstName', 'lastName', 'phone', 'location', 'company', 'name', 'title'].includes(
              field,
            ),
          )
          .map((field) => [url, field, body] as const),
      ),
    )('refuses bidirectional controls on %s in %s, storing nothing', async (url, field, body) => {
      const { app, db } = current();
      const before = await leadCount(db);
      for (const value of BIDI) {
        const response = await post(app, url, { ...body(uniqueEmail('bidi')), [field]: value });
        expect(response.statusCode, JSON.stringify(value)).toBe(400);
        expect(response.json().fields).toEqual({ [field]: SINGLE_LINE_MESSAGE });
      }
      expect(await leadCount(db)).toBe(before);
    });

    it('refuses line breaks, controls and bidirectional characters in every status-page field', async () => {
      const testApp = current();
      const { email, lead, cookie } = await candidateOnStatusPage(testApp);
      const values = ['Austin\r\nBcc: x@example.com', 'Austin\nTX', 'Austin\u0085', ...BIDI];
      for (const field of ['firstName', 'lastName', 'phone', 'location']) {
        for (const value of values) {
          const body = { ...details(lead), [field]: value };
          const response = await post(testApp.app, '/api/status/details', body, { cookie });
          expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
          expect(response.json().fields).toEqual({ [field]: SINGLE_LINE_MESSAGE });
        }
      }
      const [row] = await candidatesWithEmail(testApp.db, email);
      expect(row).toMatchObject({ last_name: 'Lovelace', location: null });
    });

    it('keeps at most 50 forms of a lead, status-page corrections included, and counts the rest', async () => {
      const testApp = current();
      const { email, id, lead, cookie } = await candidateOnStatusPage(testApp);
      const kept = await historyOf(testApp, id);
      for (let n = 0; n < 60; n++) {
        const body = { ...details(lead), lastName: `King ${n}` };
        const response = await post(testApp.app, '/api/status/details', body, { cookie });
        expect(response.statusCode).toBe(200);
      }
      expect(await historyOf(testApp, id)).toBe(50);
      expect(await corrections(testApp, id)).toHaveLength(50 - kept);
      const [row] = await candidatesWithEmail(testApp.db, email);
      // Every correction still corrects: only its copy in the history is not kept.
      expect(row).toMatchObject({ last_name: 'King 59', submissions_not_kept: 10 + kept });
    });

    it('keeps only the form’s own fields, each bounded, of a refused post without JavaScript', async () => {
      const testApp = current();
      const { lead, cookie } = await candidateOnStatusPage(testApp);
      const junk = Object.fromEntries(
        Array.from({ length: 150 }, (_, n) => [`junk${n}`, 'x'.repeat(300)]),
      );
      const posted = await postForm(
        testApp.app,
        '/api/status/details',
        { ...junk, ...details(lead), lastName: '', phone: '5'.repeat(5000) },
        { cookie },
      );
      expect(posted.statusCode).toBe(303);
      const flashId = posted.cookies.find((c: { name: string }) => c.name === 'tb_form')?.value;
      const [flash] = await testApp.ephemeral
        .selectFrom('form_flashes')
        .select('state')
        .where('id', '=', flashId!)
        .execute();
      const { form } = JSON.parse(flash!.state) as {
        form: { values: Record<string, string>; errors: Record<string, string> };
      };
      expect(form.values).toEqual({
        lead,
        firstName: 'Ada',
        lastName: '',
        location: 'Austin, TX',
      });
      expect(form.errors).toMatchObject({ lastName: 'Last name is required' });
      expect(flash!.state.length).toBeLessThan(1000);
    });
  },
  { env: { CLIENT_DIR } },
);

describeEachDatabase(
  'the status page counts against its address',
  (current) => {
    it('answers 429 past the rate limit of valid corrections, storing nothing more', async () => {
      const testApp = current();
      const { id, lead, cookie } = await candidateOnStatusPage(testApp);
      await awayFromMinuteEdge();
      const remoteAddress = '2001:db8:40:1::1';
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) {
        const body = { ...details(lead), lastName: `King ${n}` };
        // Other hosts of the same /64: one address.
        const from = remoteAddress.replace(/1$/, String(n + 1));
        statuses.push(
          (await post(testApp.app, '/api/status/details', body, { cookie, remoteAddress: from }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await corrections(testApp, id)).toHaveLength(3);
    });

    it('counts refused posts as the forms’ invalid bodies: 429 once the address has sent too many', async () => {
      const testApp = current();
      const { lead, cookie } = await candidateOnStatusPage(testApp);
      await awayFromMinuteEdge();
      const remoteAddress = freshAddress();
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) {
        const body = { ...details(lead), lastName: '' };
        statuses.push(
          (await postForm(testApp.app, '/api/status/details', body, { cookie, remoteAddress }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([303, 303, 303, 429]);
    });
  },
  { env: { CLIENT_DIR, LEAD_RATE_LIMIT: '3' } },
);
