import {
  ANSWERS,
  answerField,
  SCREENING_ANSWER_URL,
  type ScreeningView,
} from '@shared/booking-view';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/panel';

// /book's knock-out questions, before the slots: a plain form post, no JavaScript
// needed; after a "no", the owner's explanation of what to do instead, and never the slots.

/** A radio choice as a bordered box, marked once checked: the slots' and the answers'. */
export const CHOICE_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-accent-strong has-[:checked]:bg-slate-50';

const LABELS = { yes: 'Yes', no: 'No' } as const;

const INTROS = {
  ask: 'Before you pick a time, please answer a short question or two.',
  refused: 'Thank you for your answers.',
};
export const screeningIntro = (screening: ScreeningView) =>
  screening.step === 'closed' ? screening.stage : INTROS[screening.step];

export function ScreeningStep({ screening }: { screening: ScreeningView }) {
  if (screening.step === 'refused')
    return (
      <Card title="We Cannot Book a Call Yet">
        {screening.explanations.map((text) => (
          <p key={text} className="whitespace-pre-line">
            {text}
          </p>
        ))}
      </Card>
    );
  if (screening.step === 'closed')
    return (
      <Card title="No Call to Book">
        <p>
          There is no screening call to book.{' '}
          <a href="/status" className="underline">
            Your status page
          </a>{' '}
          shows what we keep about you.
        </p>
      </Card>
    );
  return (
    <Card title="Before You Pick a Time">
      <form method="post" action={SCREENING_ANSWER_URL} className="grid gap-6" data-plain-post>
        {screening.questions.map((question, index) => (
          <fieldset key={index} className="grid gap-2">
            <legend className="mb-2 font-semibold text-slate-900">{question}</legend>
            <div className="flex flex-wrap gap-2">
              {ANSWERS.map((answer) => (
                <label key={answer} className={CHOICE_CLASS}>
                  <input type="radio" name={answerField(index)} value={answer} required />
                  <span>{LABELS[answer]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="submit" variant="dark">
            Continue
          </Button>
        </div>
      </form>
    </Card>
  );
}
