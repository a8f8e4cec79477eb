import { Component, type ReactNode } from 'react';
import { buttonClass } from '../ui/button';
import { Container } from '../ui/section';

type Message = { mark?: string; title: string; text: string; children: ReactNode };

/** A page that says what happened and offers ways on (`children`); `mark` is drawn, not read. */
export function MessagePage({ mark, title, text, children }: Message) {
  return (
    <div id="top" className="bg-navy-950/70 py-24 text-white sm:py-32">
      <Container className="text-center">
        <p className="mb-4 text-6xl font-semibold text-accent empty:hidden" aria-hidden="true">
          {mark}
        </p>
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>
      </Container>
    </div>
  );
}

// A page that throws while rendering says so, not a blank screen. Its links load afresh: the app
// that threw may be in a bad state.
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessagePage
        title="This page could not load"
        text="Please check your connection and try again."
      >
        <a href={window.location.pathname} className={buttonClass({ size: 'lg' })}>
          Try Again
        </a>
        <a href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          Return to Home
        </a>
      </MessagePage>
    );
  }
}
