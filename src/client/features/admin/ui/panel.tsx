import type { ReactNode } from 'react';

/** A titled part of a tab: a section named by its h2, whose id is `${id}-heading`. */
export function Panel({
  id,
  title,
  className = 'grid gap-3',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** In place of what a query has not brought yet: "Loading…", or `failure` once it failed. */
export function Pending({ failed, failure }: { failed: boolean; failure: string }) {
  return <p className="text-slate-700">{failed ? failure : 'Loading…'}</p>;
}
