import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  question: string;
  answer: string;
}

/** A list of questions that open one at a time (Radix Accordion: keyboard and ARIA built in). */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {items.map((item, index) => (
        <AccordionPrimitive.Item key={item.question} value={`item-${index}`}>
          <AccordionPrimitive.Header className="m-0">
            <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
              />
            </AccordionPrimitive.Trigger>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content
            forceMount
            className="px-5 pb-4 text-slate-700 data-[state=closed]:hidden"
          >
            {item.answer}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
