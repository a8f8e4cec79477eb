import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Container } from './section';

/** The dark band at a page's top (`id="top"` for /x#top links); `aside` holds a form card. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section id="top" className="bg-navy-950/70 py-16 text-white sm:py-20">
      <Container
        className={clsx(
          'grid items-center gap-10',
          aside ? 'lg:grid-cols-2 lg:gap-16' : 'text-center',
        )}
      >
        <div className={clsx(!aside && 'mx-auto max-w-3xl')}>
          {eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-soft">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-3 text-4xl sm:text-5xl">{title}</h1>
          {intro ? <p className="mt-6 text-lg text-slate-300 sm:text-xl">{intro}</p> : null}
          {children}
        </div>
        {aside}
      </Container>
    </section>
  );
}

export function FormCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8">
      <h2 className="text-2xl">{title}</h2>
      {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
