import { claims } from '@shared/claims';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import { HeroHighlights } from './components/sections';
import { ApplicationForm } from './forms/ApplicationForm';

/** /apply: the full training application. */
export default function ApplyPage() {
  return (
    <PageHero
      eyebrow="Application"
      title="Apply for Training"
      intro={`Tell us about yourself and your experience. Applying takes about two minutes and costs nothing, and neither does the ${claims.trainingWeeks}-week training.`}
      aside={
        <FormCard title="Your Application" intro="Fields marked optional can be left empty.">
          <ApplicationForm />
        </FormCard>
      }
    >
      <HeroHighlights
        items={[
          'No experience or degree needed',
          'Training paid for by employers',
          'A full-time job with a partner company when you graduate',
        ]}
      />
    </PageHero>
  );
}
