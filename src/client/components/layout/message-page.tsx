import type { ReactNode } from 'react';
import { Container } from '../ui/section';

/** A page that only says what happened and offers a way on: not found, could not load. */
export function MessagePage({
  mark,
  title,
  text,
  children,
}: {
  /** Drawn large above the heading, not read out (the heading says it). */
  mark?: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div id="top" className="bg-navy-950/70 py-24 text-white sm:py-32">
      <Container className="text-center">
        {mark && (
          <p className="mb-4 text-6xl font-semibold text-accent" aria-hidden="true">
            {mark}
          </p>
        )}
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>
      </Container>
    </div>
  );
}
