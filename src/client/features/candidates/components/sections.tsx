import { CircleCheck } from 'lucide-react';
import { site } from '../../../lib/site';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { scrollToForm } from '../../../components/ui/floating-button';
import { Section, SectionHeading } from '../../../components/ui/section';
import { FeatureGrid, StepList } from '../../../components/ui/step-list';
import { howItWorks, whyChoose } from '../content';

/** Sections the candidate pages share (/candidates, /career, /training, /apply). */

/** A button that brings the visitor back to the form at the top of the page. */
export function ScrollToFormButton({ label, ...style }: ButtonStyle & { label: string }) {
  return (
    <Button size="lg" {...style} onClick={() => scrollToForm()}>
      {label}
    </Button>
  );
}

/** Short reassurances under a hero's introduction, each with a check mark. */
export function HeroHighlights({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-8 grid gap-3 text-slate-200">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function HowItWorksSection() {
  return (
    <Section tone="muted" aria-labelledby="how-it-works-title">
      <SectionHeading
        id="how-it-works-title"
        eyebrow="Three steps"
        title="How It Works"
        intro="From your first message to your first day on the data center floor."
      />
      <StepList steps={howItWorks} />
    </Section>
  );
}

/** 'Why Choose' with the 'Apply Now' button that scrolls back to the form. */
export function WhyChooseSection() {
  return (
    <Section tone="light" aria-labelledby="why-choose-title">
      <SectionHeading
        id="why-choose-title"
        eyebrow="Why us"
        title={`Why Choose ${site.brandName}`}
        intro="A serious career change, without the debt or the years of study."
      />
      <FeatureGrid features={whyChoose} />
      <div className="mt-12 flex justify-center">
        <ScrollToFormButton label="Apply Now" variant="dark" />
      </div>
    </Section>
  );
}

/** The closing call to action of a landing page, on the dark band above the footer. */
export function CallToActionBand({
  title,
  text,
  label,
}: {
  title: string;
  text: string;
  label: string;
}) {
  return (
    <Section tone="dark" aria-labelledby="closing-cta-title">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="closing-cta-title" className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-slate-300">{text}</p>
        <ScrollToFormButton label={label} className="mt-8" />
      </div>
    </Section>
  );
}
