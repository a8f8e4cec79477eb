import { useId, type ReactNode, type Ref } from 'react';

/** A section named by its heading (`${id}-heading` with an id), focusable when `focusable`. */
export function Panel({
  id,
  title,
  level = 2,
  className = 'grid gap-3',
  titleClassName = 'text-xl',
  focusable,
  ref,
  children,
}: {
  id?: string;
  title: string;
  level?: 2 | 3;
  className?: string;
  titleClassName?: string;
  focusable?: boolean;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = id ? `${id}-heading` : ownId;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section ref={ref} aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={titleClassName} tabIndex={focusable ? -1 : undefined}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A part of the Overview in a white box, with a plain h3. */
export const box = {
  level: 3,
  className: 'rounded-xl border border-slate-200 bg-white p-5',
  titleClassName: '',
} as const;

/** In place of what a query has not brought yet: "Loading…", or `failure` once it failed. */
export function Pending({ failed, failure }: { failed: boolean; failure: string }) {
  return <p className="text-slate-700">{failed ? failure : 'Loading…'}</p>;
}
