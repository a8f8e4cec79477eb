import { useNavigate } from 'react-router';
import { claims } from '@shared/claims';
import { LazyCandidateApplicationForm } from '../../components/forms/lazy-forms';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import { HeroHighlights } from './components/sections';

/** /apply: the full training application. */
export default function ApplyPage() {
  const navigate = useNavigate();
  return (
    <PageHero
      eyebrow="Application"
      title="Apply for Training"
      intro={`Tell us about yourself and your experience. Applying takes about two minutes and costs nothing, and neither does the ${claims.trainingWeeks}-week training.`}
      aside={
        <FormCard title="Your Application" intro="Fields marked optional can be left empty.">
          <LazyCandidateApplicationForm
            rules="apply"
            page="/apply"
            submitLabel="Submit Application"
            prefillFromSession
            onSubmitted={() => void navigate('/thank-you')}
          />
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
