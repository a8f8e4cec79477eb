import { ArrowRight, BadgeCheck, CalendarClock, Settings2, TrendingUp } from 'lucide-react';
import { claims } from '@shared/claims';
import { lazyForm } from '../../components/forms/lazy-form';
import { Button } from '../../components/ui/button';
import { FloatingButton, scrollToForm } from '../../components/ui/floating-button';
import { Faq } from '../../components/ui/accordion';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import { ClosingBand, HeadedSection, type Heading } from '../../components/ui/section';
import { FeatureGrid, StepList, type Feature, type Step } from '../../components/ui/card-grid';
import { companyFaq } from './faq';

const retention = `${claims.retentionClaim} ${claims.retentionMonths}-month retention`;

const heroFacts = [
  { value: claims.retentionClaim, label: `${claims.retentionMonths}-month retention` },
  { value: `${claims.trainingWeeks} weeks`, label: 'from recruit to technician' },
  { value: 'Custom', label: 'training for your site' },
] as const;

const stepsHeading: Heading = {
  eyebrow: 'How it works',
  title: 'How It Works for Companies',
  intro: 'From your first call to a technician on your floor in three steps.',
};

const benefitsHeading: Heading = {
  eyebrow: 'Why partner with us',
  title: 'Why Partner With Us',
  intro: 'A reliable source of technicians for an industry that cannot hire fast enough.',
};

const companySteps: readonly Step[] = [
  {
    title: 'Share Your Needs',
    text: 'Tell us the roles, headcount, locations and start dates you are planning for.',
  },
  {
    title: 'We Recruit and Train',
    text: `We select motivated candidates and run an ${claims.trainingWeeks}-week intensive, tailored to your equipment and procedures.`,
  },
  {
    title: 'You Hire',
    text: 'Interview certified graduates and bring them on full-time, ready to work from day one.',
  },
];

const partnerBenefits: readonly Feature[] = [
  {
    icon: TrendingUp,
    title: `${claims.retentionClaim} ${claims.retentionMonths}-Month Retention`,
    text: 'Technicians who chose this career and were trained for your site stay with you.',
  },
  {
    icon: BadgeCheck,
    title: 'Pre-Trained, Certified Technicians',
    text: 'Graduates arrive with hands-on lab experience and industry certifications.',
  },
  {
    icon: Settings2,
    title: 'Custom Training',
    text: 'We adapt the curriculum to your hardware, tooling, safety rules and workflows.',
  },
  {
    icon: CalendarClock,
    title: `Ready in ${claims.trainingWeeks} Weeks`,
    text: 'A predictable pipeline of new technicians, cohort after cohort, as you grow.',
  },
];

const LazyTalentInfoForm = lazyForm(() =>
  import('./talent-info-form').then((module) => module.TalentInfoForm),
);

export default function CompaniesPage() {
  return (
    <>
      <PageHero
        eyebrow="For data center operators"
        title="Fuel Your Data Center Operations with Job-Ready Talent"
        intro={`Hire pre-trained, certified AI data center technicians, trained for your sites, with ${retention}.`}
        aside={
          <FormCard
            title="Request Talent Info"
            intro="Leave your work email, then tell us what you need: a talent specialist contacts you within 1 business day."
          >
            <LazyTalentInfoForm />
          </FormCard>
        }
      >
        <dl className="mt-10 grid grid-cols-3 gap-3 border-t border-white/15 pt-8">
          {heroFacts.map((fact) => (
            <div key={fact.label} className="flex flex-col">
              <dt className="text-sm text-slate-300">{fact.label}</dt>
              <dd className="order-first whitespace-nowrap text-xl font-semibold text-white sm:text-3xl">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <HeadedSection tone="light" id="company-steps-title" heading={stepsHeading}>
        <StepList steps={companySteps} />
      </HeadedSection>

      <HeadedSection tone="muted" id="why-partner-title" heading={benefitsHeading}>
        <FeatureGrid features={partnerBenefits} />
      </HeadedSection>

      <ClosingBand
        id="hiring-needs-title"
        title="Ready to build your technician team?"
        text="Share your hiring needs and we will put together a plan and a custom quote."
      >
        <Button size="lg" className="mt-8" onClick={() => scrollToForm()}>
          Tell Us Your Hiring Needs
          <ArrowRight className="size-5" aria-hidden="true" />
        </Button>
      </ClosingBand>

      <HeadedSection
        tone="light"
        id="company-faq-title"
        heading={{ eyebrow: 'FAQ', title: 'Frequently Asked Questions' }}
      >
        <div className="mt-12">
          <Faq items={companyFaq} />
        </div>
      </HeadedSection>

      <FloatingButton label="Get Talent Info" />
    </>
  );
}
