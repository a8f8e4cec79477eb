import { useState } from 'react';
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { LazyToaster } from '../../components/ui/lazy-toaster';
import { session } from '../../lib/session-keys';
import { LazyQuestionnaireForm } from './forms/lazy-forms';
import { announceSubmission } from './questionnaire/embed-protocol';

/** /questionnaire, the built-in form /typeform frames: once saved, it tells the page around. */
export default function QuestionnairePage() {
  // Embedded, the page around it moves on; opened on its own, the visitor needs a link.
  const [completed, setCompleted] = useState<'embedded' | 'standalone' | null>(null);
  // Uses only a state setter: lazy forms keep the first callback they get (lazy-form.tsx).
  const onSaved = () => {
    session.set('typeformCompleted', 'true');
    setCompleted(announceSubmission() ? 'embedded' : 'standalone');
  };

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <main aria-label="Questionnaire" className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
        {completed ? (
          <div role="status" className="form-complete py-16 text-center">
            <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl">Thank you, your answers are saved</h1>
            {completed === 'embedded' ? (
              <p className="mt-2 text-slate-600">We are finishing your application now.</p>
            ) : (
              <Link to="/thank-you" className={buttonClass({ className: 'mt-6' })}>
                Continue
              </Link>
            )}
          </div>
        ) : (
          <>
            <h1 className="text-2xl">A few questions about you</h1>
            <p className="mt-2 text-slate-600">
              They help us match you with the right cohort and employer.
            </p>
            <LazyQuestionnaireForm onSaved={onSaved} />
          </>
        )}
      </main>
      <LazyToaster />
    </div>
  );
}
