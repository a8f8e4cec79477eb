import { LazyBasicInfoForm } from './forms/lazy-forms';
import { claims } from '@shared/claims';
import { FloatingButton } from '../../components/ui/floating-button';
import { CandidateSections, FormHero } from './components/sections';

/** /candidates: the main candidate page; its form leads on to the questionnaire. */
export default function CandidatesPage() {
  return (
    <>
      <FormHero
        eyebrow="For candidates"
        title="Launch Your Tech Career in Weeks, Not Years"
        intro={`Become an AI data center technician in ${claims.trainingWeeks} weeks. The training is free, paid for by employers, and leads to a full-time job with one of our partners.`}
        formTitle="Get Started Today"
        formIntro="Tell us who you are. It takes less than a minute."
        highlights={[
          'No experience or degree needed',
          `${claims.trainingWeeks}-week intensive, about ${claims.trainingMonthsLabel}`,
          'Career coaching and mentors throughout',
        ]}
      >
        <LazyBasicInfoForm />
      </FormHero>
      <CandidateSections />
      <FloatingButton label="Get Started" />
    </>
  );
}
