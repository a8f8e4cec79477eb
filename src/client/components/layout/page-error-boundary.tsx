import { Component, type ReactNode } from 'react';
import { buttonClass } from '../ui/button';
import { Container } from '../ui/section';

/*
 * A page that throws while rendering (its code failed to load again after a reload, or a bug)
 * shows this instead of a blank screen; the bar, footer and other pages keep working. Its links
 * load afresh: the app that threw may be in a bad state.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  // React reports the error itself (the console).
  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="bg-navy-950/70 py-24 text-white sm:py-32">
        <Container className="text-center">
          <h1 className="text-3xl sm:text-4xl">This page could not load</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">
            Please check your connection and try again.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <a href={window.location.pathname} className={buttonClass({ size: 'lg' })}>
              Try Again
            </a>
            <a href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              Return to Home
            </a>
          </div>
        </Container>
      </div>
    );
  }
}
