import { LazyBasicInfoForm } from './forms/lazy-forms';
import { claims } from '@shared/claims';
import { FloatingButton } from '../../components/ui/floating-button';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import {
  CandidateFaqSection,
  HeroHighlights,
  HowItWorksSection,
  WhyChooseSection,
} from './components/sections';

/** /candidates: the main candidate page; its form leads on to the questionnaire. */
export default function CandidatesPage() {
  return (
    <>
      <PageHero
        eyebrow="For candidates"
        title="Launch Your Tech Career in Weeks, Not Years"
        intro={`Become an AI data center technician in ${claims.trainingWeeks} weeks. The training is free, paid for by employers, and leads to a full-time job with one of our partners.`}
        aside={
          <FormCard
            title="Get Started Today"
            intro="Tell us who you are. It takes less than a minute."
          >
            <LazyBasicInfoForm />
          </FormCard>
        }
      >
        <HeroHighlights
          items={[
            'No experience or degree needed',
            `${claims.trainingWeeks}-week intensive, about ${claims.trainingMonthsLabel}`,
            'Career coaching and mentors throughout',
          ]}
        />
      </PageHero>
      <HowItWorksSection />
      <WhyChooseSection />
      <CandidateFaqSection />
      <FloatingButton label="Get Started" />
    </>
  );
}
