import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The page width and side padding used by every section. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
  );
}

const tones = {
  light: 'bg-white text-slate-900',
  muted: 'bg-slate-50 text-slate-900',
  dark: 'bg-navy-900 text-white',
  /** Transparent over the navy body, so the network canvas shows through. */
  hero: 'bg-navy-950/70 text-white',
} as const;

/** A full-width band of the page with the shared vertical rhythm. */
export function Section({
  tone = 'light',
  className,
  children,
  ...props
}: {
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
  id?: string;
  'aria-labelledby'?: string;
}) {
  return (
    <section className={cn('py-16 sm:py-20', tones[tone], className)} {...props}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-strong">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}
