import type { ReactNode } from 'react';

/* A page's card with its heading, and the notice after a plain form post (status, booking). */

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={card} aria-label={title}>
      <h2 className="text-2xl text-slate-900">{title}</h2>
      <div className="mt-4 grid gap-4 text-slate-700">{children}</div>
    </section>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-accent-strong bg-slate-50 p-4 font-medium text-slate-900"
    >
      {children}
    </p>
  );
}
