import type { ReactNode } from 'react';
import { BadgeCheck, CircleCheck, Users, Wallet, Zap } from 'lucide-react';
import { claims } from '@shared/claims';
import { site } from '../../../lib/site';
import { Faq, type FaqItem } from '../../../components/ui/accordion';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { scrollToForm } from '../../../components/ui/floating-button';
import { FormCard, PageHero } from '../../../components/ui/page-hero';
import { ClosingBand, HeadedSection } from '../../../components/ui/section';
import { FeatureGrid, StepList, type Feature, type Step } from '../../../components/ui/card-grid';
import { StaticContent } from '../../../components/ui/static-content';

/** Sections the candidate pages share (/candidates, /career, /training, /apply). */

const howItWorks: readonly Step[] = [
  {
    title: 'Recruit',
    text: 'Tell us a little about yourself. No experience or degree needed: we look for motivation, reliability and curiosity.',
  },
  {
    title: 'Train',
    text: `An ${claims.trainingWeeks}-week intensive that mixes online learning with hands-on, in-person labs, with career coaching and mentors along the way.`,
  },
  {
    title: 'Deploy',
    text: 'Graduate into a full-time job placement as a data center technician with one of our employer partners.',
  },
];

/** 'Why Choose': guaranteed placement stays here, although the terms say otherwise (spec 1). */
const whyChoose: readonly Feature[] = [
  {
    icon: Wallet,
    title: 'No Upfront Costs',
    text: 'Employers pay for your training. No tuition, no loans, no hidden fees.',
  },
  {
    icon: BadgeCheck,
    title: 'Guaranteed Job Placement',
    text: 'Finish the programme and step into a full-time, paid role with a partner company.',
  },
  {
    icon: Zap,
    title: 'Fast-Track Real Skills',
    text: `Servers, networking, power and cooling: job-ready skills in ${claims.trainingMonthsLabel}, not years.`,
  },
  {
    icon: Users,
    title: 'Support & Mentorship',
    text: 'Career coaches and industry mentors are with you from the first lesson to your first day at work.',
  },
];

/** The FAQ /candidates and /career show; also their FAQPage structured data. */
export const candidateFaq: readonly FaqItem[] = [
  {
    question: 'Do I need prior IT experience?',
    answer:
      'No. The programme is built for people with no prior IT experience and no degree. We teach everything from the basics up.',
  },
  {
    question: 'Is the training online or in person?',
    answer:
      'Both. You learn the theory online and practise on real equipment in in-person labs, so you arrive on the job already confident with the hardware.',
  },
  {
    question: 'Am I paid during the training?',
    answer:
      'The training itself is unpaid, but it is completely free: employers cover the cost. When you graduate you move into a paid, full-time position.',
  },
];

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

/** What /candidates and /career show below their hero. */
export function CandidateSections() {
  return (
    <>
      <HeadedSection
        tone="muted"
        id="how-it-works-title"
        heading={{
          eyebrow: 'Three steps',
          title: 'How It Works',
          intro: 'From your first message to your first day on the data center floor.',
        }}
      >
        <StepList steps={howItWorks} />
      </HeadedSection>
      <HeadedSection
        tone="light"
        id="why-choose-title"
        heading={{
          eyebrow: 'Why us',
          title: `Why Choose ${site.brandName}`,
          intro: 'A serious career change, without the debt or the years of study.',
        }}
      >
        <FeatureGrid features={whyChoose} />
        <div className="mt-12 flex justify-center">
          <ScrollToFormButton label="Apply Now" variant="dark" />
        </div>
      </HeadedSection>
      <HeadedSection
        tone="muted"
        id="faq-title"
        heading={{ title: 'Frequently Asked Questions', className: 'mb-12' }}
      >
        <Faq items={candidateFaq} />
      </HeadedSection>
    </>
  );
}

export function CallToActionBand({
  title,
  text,
  label,
}: Record<'title' | 'text' | 'label', string>) {
  return (
    <ClosingBand id="closing-cta-title" title={title} text={text} width="max-w-2xl">
      <ScrollToFormButton label={label} className="mt-8" />
    </ClosingBand>
  );
}
