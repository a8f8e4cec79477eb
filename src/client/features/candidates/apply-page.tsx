import { useNavigate } from 'react-router';
import { claims } from '@shared/claims';
import { LazyCandidateApplicationForm } from '../../components/forms/lazy-forms';
import { FormHero } from './components/sections';

export default function ApplyPage() {
  const navigate = useNavigate();
  return (
    <FormHero
      eyebrow="Application"
      title="Apply for Training"
      intro={`Tell us about yourself and your experience. Applying takes about two minutes and costs nothing, and neither does the ${claims.trainingWeeks}-week training.`}
      formTitle="Your Application"
      formIntro="Fields marked optional can be left empty."
      highlights={[
        'No experience or degree needed',
        'Training paid for by employers',
        'A full-time job with a partner company when you graduate',
      ]}
    >
      <LazyCandidateApplicationForm
        rules="apply"
        page="/apply"
        submitLabel="Submit Application"
        prefillFromSession
        onSubmitted={() => void navigate('/thank-you')}
      />
    </FormHero>
  );
}
