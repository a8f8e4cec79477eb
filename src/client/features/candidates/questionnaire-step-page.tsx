import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { timings } from '@shared/claims';
import { EmailLink } from '../../components/ui/email-link';
import { PageHero } from '../../components/ui/page-hero';
import { session } from '../../lib/session-keys';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';
import { apiRequest } from '../../lib/api';
import { conversionFields } from '../../lib/tracking/submission-event';
import { finishApplication, frameShowsCompletion } from './questionnaire-step/completion';
import { embedSrc, QUESTIONNAIRE_EMBED_ID } from '@shared/questionnaire-embed';
import { isFormSubmitMessage } from './questionnaire/embed-protocol';
import { questionnaireUrl } from './questionnaire-step/questionnaire-url';

const embed = { src: embedSrc(questionnaireUrl()), embedId: QUESTIONNAIRE_EMBED_ID };

const sessionShowsCompletion = () =>
  session.get('filloutCompleted') === 'true' || session.get('typeformCompleted') === 'true';

/** Calls `onComplete` once on a completion signal: the frame's message, or the 2 s poll. */
function useQuestionnaireCompletion(
  frameRef: RefObject<HTMLIFrameElement | null>,
  onComplete: () => void,
): void {
  const completed = useRef(false);
  const complete = useEffectEvent(() => {
    if (completed.current) return;
    completed.current = true;
    onComplete();
  });

  useEffect(() => {
    const frameOrigin = new URL(embed.src, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (event.origin !== frameOrigin) return;
      if (frameWindow && event.source !== frameWindow) return;
      if (isFormSubmitMessage(event.data, embed.embedId)) complete();
    };
    const poll = window.setInterval(() => {
      if (sessionShowsCompletion() || frameShowsCompletion(frameRef.current)) complete();
    }, timings.completionPollMs);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
    };
  }, [frameRef]);
}

/** /typeform (the spec's route): the embedded questionnaire, then /thank-you. */
export default function QuestionnaireStepPage() {
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);
  // A visitor who leaves during the 1 s before the redirect is not pulled back.
  const onPage = useRef(false);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);

  useQuestionnaireCompletion(frameRef, () => {
    void finishApplication({
      markCompleted: () => session.set('filloutCompleted', 'true'),
      storedEmail: () => session.get('candidateEmail'),
      reportCompletion: (email) =>
        apiRequest('POST', '/api/candidates/typeform-completed', {
          email,
          ...conversionFields(),
        }),
      announce: () => toast(toasts.applicationComplete),
      goToThankYou: () => {
        if (onPage.current) void navigate('/thank-you');
      },
      wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      logError: (message, error) => console.error(message, error),
    });
  });

  return (
    <PageHero
      eyebrow="Last step"
      title="Complete Your Application"
      intro="A few quick questions about your availability and goals. It takes about two minutes."
    >
      <div className="mt-10 overflow-hidden rounded-2xl bg-white text-left shadow-xl">
        <iframe
          ref={frameRef}
          src={embed.src}
          title="Application questionnaire"
          className="block w-full border-0"
          style={{ height: timings.questionnaireIframeHeightPx }}
        />
      </div>
      <p className="mt-6 text-sm text-slate-300">
        Trouble with the form? Write to us at{' '}
        <EmailLink className="font-medium text-accent-soft underline underline-offset-4 hover:text-white" />
        .
      </p>
    </PageHero>
  );
}
