import type { ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Faq } from '../../../components/ui/accordion';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { scrollToForm } from '../../../components/ui/floating-button';
import { FormCard, PageHero } from '../../../components/ui/page-hero';
import { ClosingBand, HeadedSection } from '../../../components/ui/section';
import { FeatureGrid, StepList } from '../../../components/ui/card-grid';
import {
  candidateFaq,
  howItWorks,
  howItWorksHeading,
  whyChoose,
  whyChooseHeading,
} from '../content';
import { StaticContent } from '../../../components/ui/static-content';

/** Sections the candidate pages share (/candidates, /career, /training, /apply). */

/** A button that brings the visitor back to the form at the top of the page. */
export function ScrollToFormButton({ label, ...style }: ButtonStyle & { label: string }) {
  return (
    <Button size="lg" {...style} onClick={() => scrollToForm()}>
      {label}
    </Button>
  );
}

/** A candidate page's hero: its pitch with short reassurances, each checked, beside the form. */
export function FormHero({
  formTitle,
  formIntro,
  highlights,
  children,
  ...hero
}: {
  eyebrow: string;
  title: ReactNode;
  intro: string;
  formTitle: string;
  formIntro: string;
  highlights: readonly string[];
  children: ReactNode;
}) {
  return (
    <PageHero
      {...hero}
      aside={
        <FormCard title={formTitle} intro={formIntro}>
          {children}
        </FormCard>
      }
    >
      <StaticContent>
        <ul className="mt-8 grid gap-3 text-slate-200">
          {highlights.map((item) => (
            <li key={item} className="flex items-start gap-3">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </StaticContent>
    </PageHero>
  );
}

export function HowItWorksSection() {
  return (
    <HeadedSection tone="muted" id="how-it-works-title" heading={howItWorksHeading}>
      <StepList steps={howItWorks} />
    </HeadedSection>
  );
}

/** 'Why Choose' with the 'Apply Now' button that scrolls back to the form. */
export function WhyChooseSection() {
  return (
    <HeadedSection tone="light" id="why-choose-title" heading={whyChooseHeading}>
      <FeatureGrid features={whyChoose} />
      <div className="mt-12 flex justify-center">
        <ScrollToFormButton label="Apply Now" variant="dark" />
      </div>
    </HeadedSection>
  );
}

/** The candidate FAQ (/candidates, /career). */
export function CandidateFaqSection() {
  return (
    <HeadedSection
      tone="muted"
      id="faq-title"
      heading={{ title: 'Frequently Asked Questions', className: 'mb-12' }}
    >
      <Faq items={candidateFaq} />
    </HeadedSection>
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
    <ClosingBand id="closing-cta-title" title={title} text={text} width="max-w-2xl">
      <ScrollToFormButton label={label} className="mt-8" />
    </ClosingBand>
  );
}
