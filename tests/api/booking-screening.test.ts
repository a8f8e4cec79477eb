import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  CRIMINAL_HISTORY_MESSAGE,
  DEFAULT_EXPLANATION,
  SCREENED_OUT,
  SCREENING_URL,
} from '../../src/shared/booking-screening';
import { SCREENING_ANSWER_URL } from '../../src/shared/booking-view';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf, INVALID, postJson } from '../support/api';
import { applicant, bookCall, bookingPage, openForCalls } from '../support/calls';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Knock-out questions before the slots (issue 43): the owner writes at most two yes/no questions,
 * never about criminal history; a "no" shows its explanation instead of the slots, and booking
 * is refused on the server too.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const ADULT = 'Are you 18 or older?';
const DRIVER = 'Do you hold a driving licence?';
const NOT_YET = 'You can apply once you turn 18: reply to your confirmation e-mail to ask how.';

interface BookingAnswer {
  booking: { start: string } | null;
  slots: { start: string }[];
  screening: { step: string; questions?: string[]; explanations?: string[] } | null;
}

const saveQuestions = (app: FastifyInstance, cookie: string, questions: object[]) =>
  app.inject({ method: 'PUT', url: SCREENING_URL, headers: { cookie }, payload: { questions } });

async function screened(app: FastifyInstance, email = uniqueEmail('screened')) {
  return { email, proof: await applicant(app, email) };
}

const bookingOf = (app: FastifyInstance, proof: string) => bookingPage<BookingAnswer>(app, proof);

const answer = (app: FastifyInstance, proof: string, answers: object) =>
  postJson(app, SCREENING_ANSWER_URL, answers, { cookie: proof });

describeEachDatabase(
  'knock-out questions before the slots',
  (current) => {
    let owner: string;
    let checker: OpenApiChecker;
    beforeAll(async () => {
      owner = await signIn(current().app);
      checker = new OpenApiChecker(await fetchOpenApi(current().app));
    });

    it('lets only an owner read and write the questions, refusing bad fields by name', async () => {
      const { app } = current();
      const first = await app.inject({ url: SCREENING_URL, headers: { cookie: owner } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ questions: [] });

      const question = { question: ADULT, explanation: DEFAULT_EXPLANATION };
      const three = await saveQuestions(app, owner, [question, question, question]);
      expect(three.statusCode).toBe(400);
      expect(three.json()).toEqual({
        error: INVALID,
        fields: { questions: 'At most 2 questions' },
      });
      const bad = await saveQuestions(app, owner, [
        { question: '  ', explanation: 'x'.repeat(1001) },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error: INVALID,
        fields: {
          'questions.0.question': 'Please write the question',
          'questions.0.explanation': 'Please keep this under 1000 characters',
        },
      });
      const saved = await saveQuestions(app, owner, [question]);
      expect(saved.statusCode).toBe(200);
      expect(checker.problems('PUT', SCREENING_URL, bad)).toEqual([]);
      expect(checker.problems('PUT', SCREENING_URL, saved)).toEqual([]);
      expect((await app.inject({ url: SCREENING_URL, headers: { cookie: owner } })).json()).toEqual(
        { questions: [question] },
      );

      // A recruiter sets the call hours, not what a person is asked; a viewer neither.
      for (const role of ['recruiter', 'viewer'] as const) {
        const account = await newAccount(app, smtp, owner, role);
        for (const method of ['GET', 'PUT'] as const) {
          const response = await app.inject({
            method,
            url: SCREENING_URL,
            headers: { cookie: account.cookie },
            ...(method === 'PUT' ? { payload: { questions: [] } } : {}),
          });
          expect(response.statusCode).toBe(403);
        }
      }
      expect(
        (await app.inject({ method: 'PUT', url: SCREENING_URL, payload: { questions: [] } }))
          .statusCode,
      ).toBe(401);
      expect((await app.inject({ url: SCREENING_URL, headers: { cookie: owner } })).json()).toEqual(
        { questions: [question] },
      );
    });

    it('refuses any question about criminal history, saying why', async () => {
      const { app } = current();
      for (const asked of [
        'Have you ever been convicted of a felony?',
        'Do you have a criminal record?',
        'Have you been arrested in the last 7 years?',
        'Do you have a record of offences?',
        'Are you on parole or on probation?',
      ]) {
        const refused = await saveQuestions(app, owner, [
          { question: DRIVER, explanation: DEFAULT_EXPLANATION },
          { question: asked, explanation: DEFAULT_EXPLANATION },
        ]);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          error: INVALID,
          fields: { 'questions.1.question': CRIMINAL_HISTORY_MESSAGE },
        });
      }
      expect(CRIMINAL_HISTORY_MESSAGE).toMatch(/fair-chance hiring laws/);
      // Nothing was saved.
      const saved = await app.inject({ url: SCREENING_URL, headers: { cookie: owner } });
      expect(saved.json<{ questions: { question: string }[] }>().questions).toEqual([
        expect.objectContaining({ question: ADULT }),
      ]);
    });

    it('records in the audit log who saved the questions and how many; a refused save records nothing', async () => {
      const { app } = current();
      const entries = async () =>
        (
          await app.inject({
            url: '/api/admin/audit?action=screening_saved',
            headers: { cookie: owner },
          })
        ).json<{ actor: string; detail: string }[]>();
      const before = (await entries()).length;
      const question = { question: DRIVER, explanation: DEFAULT_EXPLANATION };
      expect((await saveQuestions(app, owner, [question, question, question])).statusCode).toBe(
        400,
      );
      expect((await saveQuestions(app, owner, [question, question])).statusCode).toBe(200);
      const recorded = await entries();
      expect(recorded).toHaveLength(before + 1);
      expect(recorded[0]).toMatchObject({ detail: '2 questions' });
      expect(recorded[0]!.actor).toMatch(/^Owner \(account 1, session \d+\)$/);
    });

    it('shows a "no" its explanation instead of the slots and refuses its booking; "yes" books', async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, owner);
      await saveQuestions(app, owner, []);
      // Booked before the questions: not asked, the call kept.
      const holder = await screened(app);
      await bookCall(app, holder.proof);

      const saved = await saveQuestions(app, owner, [
        { question: ADULT, explanation: NOT_YET },
        { question: DRIVER, explanation: DEFAULT_EXPLANATION },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(await bookingOf(app, holder.proof)).toMatchObject({ screening: null });

      const minor = await screened(app);
      const asked = await bookingOf(app, minor.proof);
      expect(asked).toMatchObject({
        booking: null,
        slots: [],
        screening: { step: 'ask', questions: [ADULT, DRIVER] },
      });
      const start = (await bookingOf(app, holder.proof)).slots[6]!.start;
      // A slot posted before answering: refused, nothing booked.
      const early = await postJson(app, '/api/booking', { start }, { cookie: minor.proof });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ error: BOOKING_NOTICES.answerFirst });

      const invalid = await answer(app, minor.proof, { answer0: 'maybe' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        error: INVALID,
        fields: { answer0: 'Please answer yes or no', answer1: 'Please answer yes or no' },
      });
      const no = await answer(app, minor.proof, { answer0: 'no', answer1: 'yes' });
      expect(no.statusCode).toBe(200);
      expect(no.json()).toEqual({ screening: { step: 'refused', explanations: [NOT_YET] } });
      expect(checker.problems('POST', SCREENING_ANSWER_URL, no)).toEqual([]);

      // The "no" stands: no slots on reload, a second answer changes nothing, booking refused.
      expect(await bookingOf(app, minor.proof)).toMatchObject({
        slots: [],
        screening: { step: 'refused', explanations: [NOT_YET] },
      });
      const again = await answer(app, minor.proof, { answer0: 'yes', answer1: 'yes' });
      expect(again.statusCode).toBe(409);
      const refused = await postJson(app, '/api/booking', { start }, { cookie: minor.proof });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: SCREENED_OUT });
      // A browser's plain form post goes back to /book, which shows the explanation.
      const posted = await app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: {
          cookie: minor.proof,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `start=${encodeURIComponent(start)}`,
      });
      expect(posted.statusCode).toBe(303);
      const minorId = await candidateIdOf(testApp.db, minor.email);
      expect(
        await testApp.db
          .selectFrom('bookings')
          .select('id')
          .where('lead_id', '=', minorId)
          .execute(),
      ).toEqual([]);

      // "Yes" to both: the slots, and the booking.
      const adult = await screened(app);
      const yes = await answer(app, adult.proof, { answer0: 'yes', answer1: 'yes' });
      expect(yes.json()).toEqual({ screening: null });
      expect((await bookingOf(app, adult.proof)).slots).toHaveLength(12);
      const booked = await postJson(app, '/api/booking', { start }, { cookie: adult.proof });
      expect(booked.statusCode).toBe(201);

      // The recruiter reads the answers in the drawer's one request.
      const drawer = await app.inject({
        url: `/api/candidate-submissions/${minorId}/drawer`,
        headers: { cookie: owner },
      });
      expect(drawer.json<{ screening: unknown }>().screening).toEqual([
        { question: ADULT, answer: 'no' },
        { question: DRIVER, answer: 'yes' },
      ]);

      // Erasing the person erases their answers with their calls.
      const erased = await app.inject({
        method: 'DELETE',
        url: '/api/admin/data-subject',
        payload: { email: minor.email },
        headers: { cookie: owner, origin: 'http://localhost:80' },
      });
      expect(erased.statusCode).toBe(200);
      expect(
        await testApp.db
          .selectFrom('booking_screening')
          .select('lead_id')
          .where('lead_id', '=', minorId)
          .execute(),
      ).toEqual([]);
    });

    it('asks again what the owner changed: a removed question turns nobody away, answers given stand', async () => {
      const { app } = current();
      await openForCalls(app, owner);
      await saveQuestions(app, owner, [{ question: ADULT, explanation: NOT_YET }]);
      const minor = await screened(app);
      const adult = await screened(app);
      await answer(app, minor.proof, { answer0: 'no' });
      await answer(app, adult.proof, { answer0: 'yes' });
      expect(await bookingOf(app, minor.proof)).toMatchObject({ screening: { step: 'refused' } });

      // The owner asks about a driving licence as well: each is asked both, once more.
      const both = [
        { question: ADULT, explanation: NOT_YET },
        { question: DRIVER, explanation: DEFAULT_EXPLANATION },
      ];
      expect((await saveQuestions(app, owner, both)).statusCode).toBe(200);
      expect(await bookingOf(app, minor.proof)).toMatchObject({ screening: { step: 'refused' } });
      const asked = await bookingOf(app, adult.proof);
      expect(asked).toMatchObject({
        slots: [],
        screening: { step: 'ask', questions: [ADULT, DRIVER] },
      });
      // Its first "yes" stands; the new question's answer is what decides.
      const second = await answer(app, adult.proof, { answer0: 'no', answer1: 'yes' });
      expect(second.json()).toEqual({ screening: null });
      expect((await bookingOf(app, adult.proof)).slots).toHaveLength(12);

      // The age question removed: the "no" to it no longer stands before the new question.
      await saveQuestions(app, owner, [{ question: DRIVER, explanation: DEFAULT_EXPLANATION }]);
      expect(await bookingOf(app, minor.proof)).toMatchObject({
        screening: { step: 'ask', questions: [DRIVER] },
      });

      // Each rewrite of the question is answered once more; only what is asked now is kept.
      for (const kind of ['car', 'van', 'lorry']) {
        const rewritten = { question: `Do you hold a ${kind} licence?`, explanation: NOT_YET };
        await saveQuestions(app, owner, [rewritten]);
        expect((await answer(app, adult.proof, { answer0: 'yes' })).statusCode).toBe(200);
      }
      const adultId = await candidateIdOf(current().db, adult.email);
      const drawer = await app.inject({
        url: `/api/candidate-submissions/${adultId}/drawer`,
        headers: { cookie: owner },
      });
      expect(drawer.json<{ screening: unknown }>().screening).toEqual([
        { question: 'Do you hold a lorry licence?', answer: 'yes' },
      ]);
      await saveQuestions(app, owner, []);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
