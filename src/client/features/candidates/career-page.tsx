import { LazyEmailLeadForm } from './forms/lazy-forms';
import { claims } from '@shared/claims';
import { CallToActionBand, CandidateSections, FormHero } from './components/sections';

/** /career: landing page A, the free-training variant (e-mail only, then /apply). */
export default function CareerPage() {
  return (
    <>
      <FormHero
        eyebrow="Free training, paid for by employers"
        title="Launch Your Tech Career in Weeks"
        intro={`Train as an AI data center technician in ${claims.trainingWeeks} weeks at no cost to you, then start a full-time job with one of our employer partners.`}
        formTitle="Get Started Today"
        formIntro="Enter your email and we will walk you through the next steps."
        highlights={[
          'No experience or degree needed',
          'Online learning plus hands-on labs',
          'A full-time job placement when you graduate',
        ]}
      >
        <LazyEmailLeadForm page="/career" variant="free_training" submitLabel="Get Started" />
      </FormHero>
      <CandidateSections />
      <CallToActionBand
        title="Your new career starts here"
        text={`Free training, real skills in about ${claims.trainingMonthsLabel}, and a full-time job at the end.`}
        label="Get Started"
      />
    </>
  );
}
