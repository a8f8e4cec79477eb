import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { BOOK_PATH } from '@shared/booking-view';
import { claims } from '@shared/claims';
import { buttonClass } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { HeadedSection } from '../../components/ui/section';
import { StepList, type Step } from '../../components/ui/card-grid';

const nextSteps: readonly Step[] = [
  {
    title: 'We review your application',
    text: 'Our admissions team reads every application personally.',
  },
  {
    title: 'We talk',
    text: 'A short screening call about your goals and the next cohort: book a time above, or we contact you to arrange it.',
  },
  {
    title: 'You get ready for day one',
    text: `Once accepted, you receive your start date and everything you need for the ${claims.trainingWeeks}-week training.`,
  },
];

/** /thank-you: the end of every candidate path. */
export default function ThankYouPage() {
  return (
    <>
      <PageHero
        title={
          <>
            <CircleCheck className="mx-auto mb-6 block size-14 text-accent" aria-hidden="true" />
            Application Received!
          </>
        }
        intro="Thank you for applying. Your application is with our admissions team."
      >
        {/* Where a phone lands: the call is the next step, so it is not below the fold. A full
            page load: the server renders /book for this browser's proof. */}
        <a href={BOOK_PATH} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
          Book your call
        </a>
      </PageHero>
      <HeadedSection tone="light" id="next-steps-title" heading={{ title: 'What Happens Next' }}>
        <StepList steps={nextSteps} />
        <div className="mt-12 flex justify-center">
          <Link to="/" className={buttonClass({ variant: 'dark', size: 'lg' })}>
            Return Home
          </Link>
        </div>
      </HeadedSection>
    </>
  );
}
