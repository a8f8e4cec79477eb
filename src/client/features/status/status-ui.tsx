import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/* The status page's building blocks: a card, the notice after an action, one action's form. */

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={card} aria-label={title}>
      <h2 className="text-2xl text-slate-900">{title}</h2>
      <div className="mt-4 grid gap-4 text-slate-700">{children}</div>
    </section>
  );
}

/** The page's message after an action, read out by screen readers. */
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

/** One action: a form with the lead's name and one button. */
export function ActionForm({
  action,
  lead,
  label,
  variant = 'outline',
  children,
}: {
  action: string;
  lead: string;
  label: string;
  variant?: 'outline' | 'destructive';
  children?: ReactNode;
}) {
  return (
    <form method="post" action={action} className="grid gap-3" data-plain-post>
      <input type="hidden" name="lead" value={lead} />
      {children}
      <div>
        <Button type="submit" variant={variant}>
          {label}
        </Button>
      </div>
    </form>
  );
}
