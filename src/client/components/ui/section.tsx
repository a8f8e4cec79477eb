import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={clsx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>
      {children}
    </div>
  );
}

const tones = {
  light: 'bg-white text-slate-900',
  muted: 'bg-slate-50 text-slate-900',
  dark: 'bg-navy-900 text-white',
  /** Transparent over the navy body, so the network canvas shows through. */
  hero: 'bg-navy-950/70 text-white',
} as const;

/** A full-width band of the page, rendered when near the viewport (styles.css). */
export function Section({
  tone = 'light',
  children,
  ...props
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  id?: string;
  'aria-labelledby'?: string;
}) {
  return (
    <section className={clsx('render-when-near py-16 sm:py-20', tones[tone])} {...props}>
      <Container>{children}</Container>
    </section>
  );
}

/** What a section's heading says (its id is the HeadedSection's). */
export interface Heading {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  className?: string;
}

/** A Section labelled by its heading (one id, so the two cannot drift apart). */
export function HeadedSection({
  id,
  tone,
  heading: { eyebrow, title, intro, className },
  children,
}: {
  id: string;
  tone?: keyof typeof tones;
  heading: Heading;
  children: ReactNode;
}) {
  return (
    <Section tone={tone} aria-labelledby={id}>
      <div className={clsx('mx-auto max-w-3xl text-center', className)}>
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
      {children}
    </Section>
  );
}

export function ClosingBand({
  id,
  title,
  text,
  width = 'max-w-3xl',
  children,
}: {
  id: string;
  title: ReactNode;
  text: ReactNode;
  width?: 'max-w-2xl' | 'max-w-3xl';
  children: ReactNode;
}) {
  return (
    <Section tone="dark" aria-labelledby={id}>
      <div className={`mx-auto ${width} text-center`}>
        <h2 id={id} className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-slate-300">{text}</p>
        {children}
      </div>
    </Section>
  );
}
