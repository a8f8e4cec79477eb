import { ChevronDown } from 'lucide-react';
import { StaticContent } from './static-content';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Native <details>: keyboard, AT and no-JS support built in, no bundle bytes (Radix: ~4 KB). */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <StaticContent>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </StaticContent>
  );
}
