import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { StaticContent } from './static-content';

/** Cards as a list (ordered where order matters); static: links, but no handler or state. */
export function CardGrid<Item>({
  items,
  itemKey,
  ordered = false,
  className,
  cardClassName,
  children,
}: {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  ordered?: boolean;
  className: string;
  cardClassName: string;
  children: (item: Item, index: number) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <StaticContent>
      <List className={className}>
        {items.map((item, index) => (
          <li key={itemKey(item)} className={cardClassName}>
            {children(item, index)}
          </li>
        ))}
      </List>
    </StaticContent>
  );
}

export interface Step {
  title: string;
  text: string;
}

const byTitle = (item: { title: string }) => item.title;

/** Numbered steps ("How It Works"): an ordered list, so the order is announced too. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <CardGrid
      items={steps}
      itemKey={byTitle}
      ordered
      className="mt-12 grid gap-6 md:grid-cols-3"
      cardClassName="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {(step, index) => (
        <>
          <div className="flex items-center gap-3">
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-900 font-semibold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="text-xl">{step.title}</h3>
          </div>
          <p className="mt-4 text-slate-700">{step.text}</p>
        </>
      )}
    </CardGrid>
  );
}

export interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** A grid of benefits ("Why Choose ..."), each with an icon; four across on wide screens by default. */
export function FeatureGrid({
  features,
  className = 'mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
  cardClassName = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm',
}: {
  features: readonly Feature[];
  className?: string;
  cardClassName?: string;
}) {
  return (
    <CardGrid
      items={features}
      itemKey={byTitle}
      className={className}
      cardClassName={cardClassName}
    >
      {(feature) => (
        <>
          <feature.icon className="size-8 text-accent-strong" aria-hidden="true" />
          <h3 className="mt-4 text-lg">{feature.title}</h3>
          <p className="mt-2 text-slate-700">{feature.text}</p>
        </>
      )}
    </CardGrid>
  );
}
