import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALL_OPEN } from '../../src/shared/person-status';
import { adminEnv, signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { book, bookingPage, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * A candidate's e-mails in their first half hour (decisions 154 and 178), through a real SMTP
 * server: they apply on a phone (/candidates, then the questionnaire), book their call at once
 * or later, and each mail must say where they stand when it goes, without contradicting the one
 * before. CONFIRMATION_DELAY is an hour here: each test lets it pass when its story says so.
 */

const SITE_URL = 'https://talent.example';
const CONFIRMATION = 'We received your Talent Bridge application';
const COMPLETE = 'Your application is complete: we have everything we need';
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

/** What `email` received, oldest first, as read. */
const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).map(readableMail);
const subjectOf = (text: string) => /^Subject: (.*)$/m.exec(text)?.[1];
/** Waits for the `count`th mail to `email`; returns every subject so far. */
const subjectsTo = (email: string, count: number) =>
  eventually(() => {
    const subjects = mailsTo(email).map(subjectOf);
    return subjects.length >= count ? subjects : undefined;
  });

/** /candidates, then the questionnaire to its end: the browser's form proof. */
async function appliesOnPhone(app: FastifyInstance, email: string) {
  const started = await postJson(
    app,
    '/api/candidates/basic-info',
    validBodies.candidateBasicInfo(email),
  );
  const cookie = leadProofOf(started);
  for (const [url, body] of [
    ['/api/candidates/questionnaire', validBodies.questionnaire(email)],
    ['/api/candidates/typeform-completed', { email }],
  ] as const)
    expect((await postJson(app, url, body, { cookie })).statusCode).toBe(200);
  return cookie;
}

/** The confirmation's delay passes for `id`: it is sent, or dropped unsent. */
async function delayPasses({ db }: TestApp, id: number) {
  const waiting = {
    topic: 'lead.created',
    subject_type: 'candidate',
    subject_id: id,
    state: 'pending',
  } as const;
  await db
    .updateTable('outbox_messages')
    .set({ next_attempt_at: new Date().toISOString() })
    .where((eb) => eb.and(waiting))
    .execute();
  await eventually(async () => {
    const left = await db
      .selectFrom('outbox_messages')
      .select('id')
      .where((eb) => eb.and(waiting));
    return (await left.execute()).length === 0 ? true : undefined;
  });
}

describeEachDatabase(
  "a candidate's first mails",
  (current) => {
    beforeAll(async () => openForCalls(current().app, await signIn(current().app)));

    /** A candidate on a phone who applied; `slots`: the times /book offers them. */
    async function applied(label: string) {
      const testApp = current();
      const email = uniqueEmail(label);
      const cookie = await appliesOnPhone(testApp.app, email);
      const id = await candidateIdOf(testApp.db, email);
      const { slots } = await bookingPage<{ slots: { start: string }[] }>(testApp.app, cookie);
      return { testApp, email, cookie, id, slots };
    }

    it('books before the confirmation goes: the invitation alone says the call and when, no confirmation follows', async () => {
      const { testApp, email, cookie, id, slots } = await applied('books-first');
      expect((await book(testApp.app, cookie, slots[4]!.start)).statusCode).toBe(201);
      const [invitation] = await subjectsTo(email, 1);
      expect(invitation).toMatch(/^Your screening call is booked: \w+day \d+ \w+ \d{4}, /);

      await delayPasses(testApp, id);
      // One mail for one sitting: not a second one that is silent on the call.
      expect(mailsTo(email).map(subjectOf)).toEqual([invitation]);
    });

    it('books after the confirmation: it named the call as their next step, not "we will contact you"', async () => {
      const { testApp, email, cookie, id, slots } = await applied('books-later');
      await delayPasses(testApp, id);
      const [confirmation] = mailsTo(email);
      expect(subjectOf(confirmation!)).toBe(CONFIRMATION);
      expect(confirmation).toContain(`${COMPLETE}. ${CALL_OPEN}`);
      expect(confirmation).toMatch(/\/status\?token=[\w-]+&next=book/);
      expect(confirmation).not.toContain('will contact you');

      expect((await book(testApp.app, cookie, slots[4]!.start)).statusCode).toBe(201);
      expect(await subjectsTo(email, 2)).toEqual([
        CONFIRMATION,
        expect.stringMatching(/^Your screening call is booked: /),
      ]);
    });

    it('books, moves and cancels within the delay: each call mail says its time, then the confirmation offers a time again', async () => {
      const { testApp, email, cookie, id, slots } = await applied('changes-mind');
      const { app } = testApp;
      expect((await book(app, cookie, slots[4]!.start)).statusCode).toBe(201);
      await subjectsTo(email, 1);
      expect((await book(app, cookie, slots[6]!.start, '/move')).statusCode).toBe(200);
      await subjectsTo(email, 2);
      expect((await postJson(app, '/api/booking/cancel', {}, { cookie })).statusCode).toBe(200);
      await subjectsTo(email, 3);

      await delayPasses(testApp, id);
      const [booked, moved, cancelled, confirmation] = mailsTo(email);
      // The call's time: an invitation's, or where a move took it.
      const timeOf = (text: string) => / (?:is on|to) (.+?\))\./.exec(text)?.[1];
      expect(timeOf(moved!)).not.toBe(timeOf(booked!));
      expect(subjectOf(moved!)).toBe(`Your screening call has moved: ${timeOf(moved!)}`);
      expect(cancelled).toContain(`Your screening call on ${timeOf(moved!)} is cancelled.`);
      expect(subjectOf(confirmation!)).toBe(CONFIRMATION);
      // No call held: the next step is theirs again, as the cancellation said.
      expect(confirmation).toContain(`${COMPLETE}. ${CALL_OPEN}`);
      expect(confirmation).not.toContain('will contact you');
      expect(mailsTo(email)).toHaveLength(4);
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL,
      SMTP_URL: smtp.url,
      CONFIRMATION_DELAY: '1h',
      REMINDER_DELAYS: '',
    },
    personWorker: { pollMs: 50 },
  },
);
