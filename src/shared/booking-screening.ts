import * as z from 'zod/mini';
import { listOf, text, type FromSchema } from './json-schema';
import { requiredLine, requiredText } from './schemas/fields';
// What /book itself uses lives in booking-view.ts, so its code loads no zod.
import { ANSWERS, answerField } from './booking-view';

// Knock-out questions before the slots: yes/no questions the owner writes, each with what a "no"
// shows instead of the slots.

export const SCREENING_URL = '/api/admin/booking/screening';

export const MAX_QUESTIONS = 2;
const MAX_EXPLANATION = 1000;

/** Offered with each new question: respectful, and saying what to do instead. */
export const DEFAULT_EXPLANATION =
  'Thank you for your answer. This program needs a "yes" to this question, so we cannot book a call with you now. If your situation changes, or if you have a question, reply to your confirmation e-mail and our team will help you with what to do next.';

/** Fair-chance hiring laws forbid asking about criminal history before an offer. */
const CRIMINAL_HISTORY =
  /\b(?:crim\w*|convict\w*|felon\w*|arrest\w*|misdemean\w*|offen[cs]e\w*|jail\w*|prison\w*|incarcerat\w*|parole\w*|on probation|guilty|sentenced|background checks?)\b/i;
export const CRIMINAL_HISTORY_MESSAGE =
  'Questions about criminal history are not allowed: fair-chance hiring laws forbid asking them before an offer';

export const SCREENED_OUT = 'A call cannot be booked after a "no" to a screening question';

const questionSchema = z.object({
  question: requiredLine(1, 'Please write the question').check(
    z.refine((question: string) => !CRIMINAL_HISTORY.test(question), {
      error: CRIMINAL_HISTORY_MESSAGE,
    }),
  ),
  explanation: requiredText(1, 'Please write what a "no" shows', MAX_EXPLANATION),
});

/** PUT /api/admin/booking/screening. */
export const screeningSchema = z.object({
  questions: z
    .array(questionSchema)
    .check(z.maxLength(MAX_QUESTIONS, { error: `At most ${MAX_QUESTIONS} questions` })),
});
export type Screening = z.infer<typeof screeningSchema>;

export const NO_SCREENING: Screening = { questions: [] };

const ANSWER_MESSAGE = 'Please answer yes or no';

export const answersSchema = (count: number) =>
  z.object(
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        answerField(index),
        z.enum(ANSWERS, { error: ANSWER_MESSAGE }),
      ]),
    ),
  );

/** What the person answered, as the recruiter reads it in the lead's drawer. */
export const screeningAnswersSchema = listOf({
  question: text,
  answer: { type: 'string', enum: [...ANSWERS] },
});
export type ScreeningAnswers = FromSchema<typeof screeningAnswersSchema>;
