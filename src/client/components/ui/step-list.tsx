import type { LucideIcon } from 'lucide-react';

export interface Step {
  title: string;
  text: string;
  icon?: LucideIcon;
}

/** Numbered steps ("How It Works"): an ordered list, so the order is announced too. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="mt-12 grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
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
        </li>
      ))}
    </ol>
  );
}

export interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** A grid of benefits ("Why Choose ..."), each with an icon. */
export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => (
        <li
          key={feature.title}
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <feature.icon className="size-8 text-accent-strong" aria-hidden="true" />
          <h3 className="mt-4 text-lg">{feature.title}</h3>
          <p className="mt-2 text-slate-700">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
