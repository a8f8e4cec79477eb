import { safeParse } from 'zod/mini';
import {
  answersSchema,
  NO_SCREENING,
  screeningSchema,
  type Screening,
} from '@shared/booking-screening';
import { answerField, type Answer, type ScreeningView } from '@shared/booking-view';
import { adminApi } from '../leads';
import type { AlsoWrite } from '../platform/database/connection';
import { BookingData, liveCalls } from './booking-tables';

/** An answer as stored: a "no" keeps the explanation it showed, which the person sees again. */
type StoredAnswer = { question: string; answer: Answer; explanation?: string };

type AnswerOutcome =
  | { kind: 'answered'; view: ScreeningView | undefined }
  /** Not being asked: no questions, a call held, or answered before. */
  | { kind: 'not-asked' }
  | { kind: 'invalid'; fields: Record<string, string> };

/** The knock-out questions (issue 43) and each person's answers, asked before the slots unless
    they hold a call; their first answers stand, so a second post cannot turn a "no" around. */
export class ScreeningStore extends BookingData {
  async questions() {
    const row = await this.db
      .selectFrom('booking_questions')
      .select('settings')
      .where('id', '=', 1)
      .executeTakeFirst();
    const saved = row && safeParse(screeningSchema, JSON.parse(row.settings));
    return saved?.success ? saved.data : NO_SCREENING;
  }

  async saveQuestions(settings: Screening, audited: AlsoWrite): Promise<void> {
    const values = { settings: JSON.stringify(settings), updated_at: new Date().toISOString() };
    await this.writes.run(async (trx) => {
      await trx
        .insertInto('booking_questions')
        .values({ id: 1, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
      await audited(trx);
    });
  }

  async answers(leadId: number) {
    const row = await this.db
      .selectFrom('booking_screening')
      .select('answers')
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    return row && (JSON.parse(row.answers) as StoredAnswer[]);
  }

  /**
   * What stands before the lead's slots: questions to answer, or a "no"; none: the slots. Only
   * answers to the questions asked now count: a question added or rewritten is asked again.
   */
  async step(leadId: number, screening?: Screening): Promise<ScreeningView | undefined> {
    const { questions } = screening ?? (await this.questions());
    if (questions.length === 0) return undefined;
    const [answers = [], call] = await Promise.all([
      this.answers(leadId),
      liveCalls(this.db).where('lead_id', '=', leadId).executeTakeFirst(),
    ]);
    if (call) return undefined;
    const current = answers.filter((item) => questions.some((q) => q.question === item.question));
    const noes = current.filter((item) => item.answer === 'no');
    if (noes.length > 0) {
      // Two "no"s with the same explanation (the default) show it once.
      return {
        step: 'refused',
        explanations: [...new Set(noes.map((item) => item.explanation ?? ''))],
      };
    }
    return current.length < questions.length
      ? { step: 'ask', questions: questions.map((item) => item.question) }
      : undefined;
  }

  /** Stores the lead's answers (`answer0`, `answer1`) if they are being asked. */
  async answer(leadId: number, body: unknown, now = new Date()): Promise<AnswerOutcome> {
    const screening = await this.questions();
    if ((await this.step(leadId, screening))?.step !== 'ask') return { kind: 'not-asked' };
    const { questions } = screening;
    const parsed = adminApi.validateBody(answersSchema(questions.length), body);
    if (!parsed.ok) return { kind: 'invalid', fields: parsed.fields };
    const before = await this.answers(leadId);
    const given = questions.map(({ question, explanation }, index): StoredAnswer => {
      const answer = parsed.data[answerField(index)] as Answer;
      return answer === 'no' ? { question, answer, explanation } : { question, answer };
    });
    // An answer given stands; one to a question no longer asked is dropped.
    const answers = given.map(
      (item) => before?.find((old) => old.question === item.question) ?? item,
    );
    const values = { answers: JSON.stringify(answers), answered_at: now.toISOString() };
    // A second post at the same moment changes nothing: the row is written from what was read.
    await this.writes.run((trx) =>
      trx
        .insertInto('booking_screening')
        .values({ lead_id: leadId, ...values })
        .onConflict((conflict) =>
          before
            ? conflict
                .column('lead_id')
                .doUpdateSet(values)
                .where('booking_screening.answers', '=', JSON.stringify(before))
            : conflict.column('lead_id').doNothing(),
        )
        .execute(),
    );
    return { kind: 'answered', view: await this.step(leadId, screening) };
  }
}
