import { Component, type ReactNode } from 'react';
import { buttonClass } from '../ui/button';
import { MessagePage } from './message-page';

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
