import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SCREENED_OUT, SCREENING_URL, screeningSchema } from '@shared/booking-screening';
import {
  BOOKING_NOTICES,
  SCREENING_ANSWER_URL,
  type BookingNotice,
  type ScreeningView,
} from '@shared/booking-view';
import { adminApi, statusApi } from '../leads';
import { describedError, fieldErrorsBody, objectOf } from '../platform/http/api-schemas';
import { ScreeningStore } from './screening-store';
import { settingsRoutes } from './settings-routes';

const texts = { type: 'array', items: { type: 'string' } } as const;

/** /book's step before the slots, in the JSON answers; null: none, the slots are open. */
export const screeningViewSchema = {
  type: ['object', 'null'],
  description:
    'Questions to answer before the slots, the explanation of a "no", or (closed) the status words of an application with no call to book (withdrawn, not a fit, enrolled, placed); null: none',
  properties: {
    step: { type: 'string', enum: ['ask', 'refused', 'closed'] },
    questions: texts,
    explanations: texts,
    stage: { type: 'string' },
  },
  required: ['step'],
} as const;

/** The knock-out questions' read and write: owners only (`manage`, route-permission.ts). */
export const screeningRoutes: FastifyPluginAsync = async (app) => {
  const store = new ScreeningStore(app);

  settingsRoutes(app, {
    url: SCREENING_URL,
    schema: screeningSchema,
    summaries: {
      get: 'The yes/no questions a person answers before the slots, and what a "no" shows',
      put: 'Replaces the knock-out questions; answers already given stand',
    },
    read: () => store.questions(),
    // How many questions are asked, not their words.
    save: (request, questions) =>
      store.saveQuestions(questions, (trx) => {
        const detail = `${questions.questions.length} questions`;
        return app.audit.record({ action: 'screening_saved', detail }, request, trx);
      }),
  });
};

/** What stands before the candidate's slots: a closed application, else the screening's step. */
export const stepBefore = async (
  screening: ScreeningStore,
  candidate: { id: number; closed: string | undefined },
): Promise<ScreeningView | undefined> =>
  candidate.closed ? { step: 'closed', stage: candidate.closed } : screening.step(candidate.id);

type Back = (request: FastifyRequest, reply: FastifyReply, notice?: BookingNotice) => unknown;

/** Refuses a booking while questions wait, after a "no" or once closed: a browser goes back to
    /book, which shows the questions or the explanation. */
export async function refuseUnscreened(
  back: Back,
  request: FastifyRequest,
  reply: FastifyReply,
  view: ScreeningView,
) {
  const ask = view.step === 'ask';
  if (statusApi.wantsHtml(request)) return back(request, reply, ask ? 'answerFirst' : undefined);
  const refusal = view.step === 'closed' ? view.stage : SCREENED_OUT;
  return reply.code(403).send({ error: ask ? BOOKING_NOTICES.answerFirst : refusal });
}

/** POST /api/booking/screening: the person's answers, with their proof, as book and cancel. */
export function screeningAnswerRoute(
  app: FastifyInstance,
  screening: ScreeningStore,
  provenCandidate: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ id: number } | undefined>,
  back: Back,
) {
  app.post(
    SCREENING_ANSWER_URL,
    {
      schema: {
        summary: 'Answers the knock-out questions (answer0, answer1: yes or no), once',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          200: objectOf({ screening: screeningViewSchema }),
          303: {
            type: 'null',
            description: "A browser's form post: back to /book, the slots or the explanation",
          },
          400: fieldErrorsBody,
          403: describedError('No proof of a candidate in this browser, or a cross-site post'),
          409: describedError(ALREADY_ANSWERED),
        },
      },
    },
    async (request, reply) => {
      const candidate = await provenCandidate(request, reply);
      if (!candidate) return reply;
      const outcome = await screening.answer(candidate.id, request.body);
      if (statusApi.wantsHtml(request))
        return back(request, reply, outcome.kind === 'invalid' ? 'answerFirst' : undefined);
      if (outcome.kind === 'answered') return { screening: outcome.view ?? null };
      if (outcome.kind === 'not-asked') return reply.code(409).send({ error: ALREADY_ANSWERED });
      const { fields } = outcome;
      return reply.code(400).send({ error: adminApi.INVALID_FIELDS_MESSAGE, fields });
    },
  );
}

const ALREADY_ANSWERED = 'There are no questions to answer: your answers, if any, are recorded';
