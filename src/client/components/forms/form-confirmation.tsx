import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';

/** A stored lead's confirmation in its form's place; its heading takes the focus (a11y). */
export function FormConfirmation({ title, children }: { title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-center text-slate-800 sm:p-8">
      <CircleCheck className="mx-auto size-10 text-emerald-700" aria-hidden="true" />
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 text-2xl text-slate-900 outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-strong"
      >
        {title}
      </h3>
      <div className="mt-3 grid gap-4">{children}</div>
    </div>
  );
}
