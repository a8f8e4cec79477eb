import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { timings } from '@shared/claims';
import { session } from '../../../lib/session-keys';
import { isFormSubmitMessage } from '../questionnaire/embed-protocol';
import { frameShowsCompletion } from './completion';

const sessionShowsCompletion = () =>
  session.get('filloutCompleted') === 'true' || session.get('typeformCompleted') === 'true';

/** Calls `onComplete` once on a completion signal: the frame's message, or the 2 s poll. */
export function useQuestionnaireCompletion(
  frameRef: RefObject<HTMLIFrameElement | null>,
  embed: { src: string; embedId: string },
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
  }, [frameRef, embed.src, embed.embedId]);
}
