import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CALL_OPEN, LOST_LINK_SENTENCE } from '../../src/shared/person-status';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { adminEnv, freshAddress, signIn } from '../support/admin';
import { candidateIdOf, companiesWithEmail, leadProofOf } from '../support/api';
import { applicant, bookCall, bookingPage, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { openLink } from '../support/status-page';
import { readableMail as readable, startLocalSmtp } from '../support/smtp';
import {
  describeEachDatabase,
  fakeSiteBuild,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * Mail only where the person asked for it, saying where they stand (issue 40, decision 154),
 * through a real SMTP server: the caps on confirmations and "Lost your link?", a greeting with no
 * stranger's text, and a confirmation that waits and reads the lead when it goes.
 */

const SITE_URL = 'https://talent.example';
/** CONFIRMATION_DELAY of these tests: long enough to finish a step in between. */
const DELAY_MS = 2_000;
const smtp = await startLocalSmtp();
/** The pages the mail's buttons open. */
const CLIENT_DIR = await fakeSiteBuild(['/status', '/apply', '/typeform']);
afterAll(() => smtp.close());

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && readable(mail).includes(subject),
  );
const mailTo = (email: string, subject: string) =>
  eventually(() => mailsTo(email, subject)[0], 10_000).then(readable);

const CONFIRMATION = 'Subject: We received your Talent Bridge';
const STATUS_LINK = 'Subject: Your Talent Bridge status page';
const COMPLETE =
  'Your application is complete: we have everything we need and will contact you shortly to discuss next steps.';

/** Opening a link from the mail, as a browser navigates. */
/** Opening a mailed link: its page's one button posts the token and step (decision 176). */
const open = (app: FastifyInstance, url: string) =>
  openLink(app, url, '', new URL(url, SITE_URL).searchParams.get('next') ?? undefined);

/** The token of the first status link in `text`. */
const tokenIn = (text: string) => /\/status\?token=([\w-]+)/.exec(text)![1];

/** The confirmations (or `topic` messages) written for `type` leads `ids` (sent or waiting). */
async function confirmationsOf(
  testApp: TestApp,
  type: string,
  ids: number[],
  topic = 'lead.created',
) {
  const rows = await testApp.db
    .selectFrom('outbox_messages')
    .select('subject_id')
    .where('destination', '=', 'person')
    .where('topic', '=', topic)
    .where('subject_type', '=', type)
    .where('subject_id', 'in', ids)
    .execute();
  return rows.length;
}

async function post(app: FastifyInstance, url: string, body: object, remoteAddress?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode).toBe(200);
}

const lostLink = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/status/link',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
  });

describeEachDatabase(
  'mail only where the person asked for it',
  (current) => {
    it('one client address cannot make the site mail strangers: 30 confirmations a day, counted by /64', async () => {
      const testApp = current();
      // One subscriber's IPv6 network, a new host address for every form.
      const emails = Array.from({ length: 32 }, (_, i) => uniqueEmail(`flood-${i}`));
      for (const [i, email] of emails.entries())
        await post(testApp.app, '/api/candidates/email', { email }, `2001:db8:40:7::${i + 1}`);
      const ids = await Promise.all(emails.map((email) => candidateIdOf(testApp.db, email)));
      // Every form is kept; only 30 confirmations are written.
      expect(await confirmationsOf(testApp, 'candidate', ids)).toBe(30);
      await mailTo(emails[29]!, CONFIRMATION);
      expect(mailsTo(emails[30]!, CONFIRMATION)).toEqual([]);
      expect(mailsTo(emails[31]!, CONFIRMATION)).toEqual([]);
      // Another network's person is confirmed as ever.
      const other = uniqueEmail('other-network');
      await post(testApp.app, '/api/candidates/email', { email: other }, '2001:db8:41:7::1');
      await mailTo(other, CONFIRMATION);
    });

    it('one confirmation a day per e-mail address, whichever lead names it, even after an erasure', async () => {
      const testApp = current();
      const victim = uniqueEmail('victim');
      await post(testApp.app, '/api/candidates/email', { email: victim }, freshAddress());
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(victim));
      await mailTo(victim, CONFIRMATION);
      const candidateId = await candidateIdOf(testApp.db, victim);
      const [company] = await companiesWithEmail(testApp.db, victim);
      expect(await confirmationsOf(testApp, 'candidate', [candidateId])).toBe(1);
      expect(await confirmationsOf(testApp, 'company', [company!.id])).toBe(0);

      // Erased and posted again the same day: a new lead, no new mail.
      const cookie = await signIn(testApp.app);
      const erased = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${candidateId}`,
        headers: { cookie },
      });
      expect(erased.statusCode).toBe(204);
      await post(testApp.app, '/api/candidates/email', { email: victim }, freshAddress());
      const again = await candidateIdOf(testApp.db, victim);
      expect(again).not.toBe(candidateId);
      expect(await confirmationsOf(testApp, 'candidate', [again])).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
      expect(mailsTo(victim, CONFIRMATION)).toHaveLength(1);
    });

    it("greets no one by the form's name: a stranger's text never reaches the inbox", async () => {
      const testApp = current();
      const email = uniqueEmail('greeting');
      const pitch = 'Winner! Claim your prize at https://prize.example/now';
      await post(testApp.app, '/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        firstName: pitch,
        lastName: 'Call 555-0199',
      });
      const mail = await mailTo(email, CONFIRMATION);
      expect(mail).toContain('Hello,');
      expect(mail).not.toContain('prize.example');
      expect(mail).not.toContain('Winner');
      expect(mail).not.toContain('555-0199');
    });

    it('"Lost your link?" mails an address at most ten links a day, whoever asks from wherever', async () => {
      const testApp = current();
      const email = uniqueEmail('lost-flood');
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(email));
      for (let i = 0; i < 12; i++) {
        const answer = await lostLink(testApp.app, email, freshAddress());
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ message: LOST_LINK_SENTENCE });
      }
      await eventually(() => (mailsTo(email, STATUS_LINK).length === 10 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsTo(email, STATUS_LINK)).toHaveLength(10);
    });

    it('"Lost your link?": a stranger asking for an address spends three of its links, not the person\'s', async () => {
      const testApp = current();
      const email = uniqueEmail('lost-stranger');
      await post(testApp.app, '/api/candidates/email', { email });
      const stranger = freshAddress();
      for (let i = 0; i < 4; i++) await lostLink(testApp.app, email, stranger);
      await eventually(() => (mailsTo(email, STATUS_LINK).length === 3 ? true : undefined));
      // The person, from their own connection, still gets a new link.
      expect((await lostLink(testApp.app, email, freshAddress())).statusCode).toBe(200);
      await eventually(() => (mailsTo(email, STATUS_LINK).length === 4 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsTo(email, STATUS_LINK)).toHaveLength(4);
    });

    it('"Lost your link?" from one client address mails ten links a day, whatever addresses it names', async () => {
      const testApp = current();
      const emails = Array.from({ length: 11 }, (_, i) => uniqueEmail(`asked-${i}`));
      for (const email of emails)
        await post(testApp.app, '/api/candidates/email', { email }, freshAddress());
      for (const [i, email] of emails.entries()) {
        // Five requests a minute: the next minute begins.
        if (i % 5 === 0) await testApp.ephemeral.deleteFrom('lead_address_counts').execute();
        expect((await lostLink(testApp.app, email, '2001:db8:44:9::1')).json()).toEqual({
          message: LOST_LINK_SENTENCE,
        });
      }
      const ids = await Promise.all(emails.map((email) => candidateIdOf(testApp.db, email)));
      const linked = (id: number) =>
        confirmationsOf(testApp, 'candidate', [id], 'person.status-link');
      expect(await Promise.all(ids.map(linked))).toEqual([...Array<number>(10).fill(1), 0]);
      // The last address's own links are not spent: the person asks from elsewhere.
      await lostLink(testApp.app, emails[10]!, freshAddress());
      expect(await linked(ids[10]!)).toBe(1);
    });

    it('the confirmation waits, then says the application is complete; it offers to book the call once a host has open times', async () => {
      const testApp = current();
      /** A candidate who completes the application in one sitting, and their confirmation. */
      const completed = async (email: string) => {
        await post(
          testApp.app,
          '/api/candidates/basic-info',
          validBodies.candidateBasicInfo(email),
        );
        await post(testApp.app, '/api/candidates/questionnaire', validBodies.questionnaire(email));
        await post(testApp.app, '/api/candidates/typeform-completed', { email });
        return mailTo(email, CONFIRMATION);
      };
      // No host saved an availability (a fresh install): no button to a page with no times.
      const startedAt = Date.now();
      const before = await completed(uniqueEmail('no-hosts'));
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAY_MS);
      expect(before).toContain(COMPLETE);
      expect(before).not.toContain('still open');
      expect(before).not.toContain('Book your call');
      expect(before).not.toContain('next=book');
      // Nothing open, so no reminders: the status page's choice is to withdraw, as it says.
      expect(before).toContain(
        'See where you stand, correct your details or withdraw your application on your status page:',
      );

      await openForCalls(testApp.app, await signIn(testApp.app));
      const mail = await completed(uniqueEmail('one-sitting'));
      // The call is their next step, not ours (first-mails.test.ts: the order of the mails).
      expect(mail).toContain(
        `Your application is complete: we have everything we need. ${CALL_OPEN}`,
      );
      expect(mail).not.toContain('will contact you');
      // Its button books the call: the status link, opening /book (issue 43).
      const token = tokenIn(mail);
      expect(mail).toContain('Book your call');
      expect(mail).toContain(`${SITE_URL}/status?token=${token}&next=book`);
      // And the plain status page, as before.
      expect(mail).toMatch(new RegExp(`/status\\?token=${token}(?!&)`));
      const booking = await open(testApp.app, `/status?token=${token}&next=book`);
      expect(booking.statusCode).toBe(303);
      expect(booking.headers.location).toBe('/book');
    });

    it('a status link without `next` opens the status page', async () => {
      const testApp = current();
      const email = uniqueEmail('plain-link');
      await post(testApp.app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      const mail = await mailTo(email, CONFIRMATION);
      const token = tokenIn(mail);
      const opened = await open(testApp.app, `/status?token=${token}`);
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe('/status');
    });

    it("a step still open when it goes is the mail's button; done by the click, the button opens the status page", async () => {
      const testApp = current();
      const email = uniqueEmail('later');
      await post(testApp.app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      const mail = await mailTo(email, CONFIRMATION);
      expect(mail).toContain('One step is still open: the questionnaire.');
      const link = /https:\/\/talent\.example(\/status\?token=[\w-]+&next=questionnaire)/.exec(
        mail,
      )?.[1];
      expect(link).toBeDefined();
      // Finished through /apply before the click: the old button opens the status page.
      await post(testApp.app, '/api/candidates/submit', validBodies.candidateApplication(email));
      const opened = await open(testApp.app, link!);
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe('/status');
    });

    it("a company's confirmation asks for its hiring needs only while it has not sent them", async () => {
      const testApp = current();
      const asked = uniqueEmail('company-asked');
      const done = uniqueEmail('company-done');
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(asked));
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(done));
      await post(testApp.app, '/api/companies/submit', validBodies.companyRequest(done));
      const open = await mailTo(asked, CONFIRMATION);
      expect(open).toContain('One step is still open: your hiring needs.');
      expect(open).toMatch(/https:\/\/talent\.example\/status\?token=[\w-]+&next=hiring/);
      const finished = await mailTo(done, CONFIRMATION);
      expect(finished).not.toContain('still open');
      expect(finished).not.toContain('&next=');
    });

    it("one client address cannot take the hosts' times nor mail invitations to any address: 10 calls booked a day, by /64", async () => {
      const { app, db } = current();
      await openForCalls(app, await signIn(app));
      /** A new lead from a host of one network, its first open time (or `time`) booked from there. */
      const bookFrom = async (host: number, time?: string) => {
        const remoteAddress = `2001:db8:43:9::${host}`;
        const email = uniqueEmail(`caller-${host}`);
        const applied = await app.inject({
          method: 'POST',
          url: '/api/candidates/submit',
          remoteAddress,
          payload: validBodies.candidateApplication(email),
        });
        const cookie = leadProofOf(applied);
        const { slots } = await bookingPage<{ slots: { start: string }[] }>(app, cookie);
        const booked = await app.inject({
          method: 'POST',
          url: '/api/booking',
          remoteAddress,
          headers: { cookie },
          payload: { start: time ?? slots[4]!.start },
        });
        return { email, booked };
      };
      // A time taken meanwhile (its one seat) books nothing, so it spends none of the ten.
      const taken = await bookCall(app, await applicant(app));
      expect((await bookFrom(0, taken.booking.start)).booked.statusCode).toBe(409);
      for (let host = 1; host <= 10; host++)
        expect((await bookFrom(host)).booked.statusCode).toBe(201);
      const { email, booked } = await bookFrom(11);
      expect(booked.statusCode).toBe(429);
      expect(booked.json()).toEqual({ error: BOOKING_NOTICES.busyAddress });
      const calls = await db
        .selectFrom('bookings')
        .select('id')
        .where('lead_id', '=', await candidateIdOf(db, email))
        .execute();
      expect(calls).toEqual([]);
      // Another network's person books as ever.
      await bookCall(app, await applicant(app));
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL,
      CLIENT_DIR,
      SUPPORT_EMAIL: 'support@talent.example',
      MAIL_FROM: 'Talent Bridge <hello@talent.example>',
      SMTP_URL: smtp.url,
      CONFIRMATION_DELAY: `${DELAY_MS / 1000}s`,
      REMINDER_DELAYS: '',
      // The per-address limits as in production (the other tests turn them off).
      LEAD_RATE_LIMIT: '300',
    },
    personWorker: { pollMs: 50 },
  },
);
