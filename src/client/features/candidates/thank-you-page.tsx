import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { HeadedSection } from '../../components/ui/section';
import { StepList } from '../../components/ui/card-grid';
import { nextSteps } from './thank-you-content';

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
      />
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
