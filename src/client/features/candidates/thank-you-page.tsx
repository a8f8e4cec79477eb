import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { Section, SectionHeading } from '../../components/ui/section';
import { StepList } from '../../components/ui/step-list';
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
      <Section tone="light" aria-labelledby="next-steps-title">
        <SectionHeading id="next-steps-title" title="What Happens Next" />
        <StepList steps={nextSteps} />
        <div className="mt-12 flex justify-center">
          <Link to="/" className={buttonClass({ variant: 'dark', size: 'lg' })}>
            Return Home
          </Link>
        </div>
      </Section>
    </>
  );
}
