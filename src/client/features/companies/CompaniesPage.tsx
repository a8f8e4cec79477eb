import { useNavigate } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  ClipboardList,
  GraduationCap,
  Handshake,
  Settings2,
  TrendingUp,
} from 'lucide-react';
import { claims } from '@shared/claims';
import { companyEmailLeadSchema, type CompanyEmailLead } from '@shared/schemas/company';
import { useLeadForm } from '../../components/forms/use-lead-form';
import { Button, SubmitButton } from '../../components/ui/button';
import { FloatingButton, scrollToForm } from '../../components/ui/floating-button';
import { Faq, type FaqItem } from '../../components/ui/accordion';
import { TextField } from '../../components/ui/form-field';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import { Section, SectionHeading } from '../../components/ui/section';
import { FeatureGrid, StepList, type Feature, type Step } from '../../components/ui/step-list';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { session } from '../../lib/session-keys';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';

const retention = `${claims.retentionClaim} ${claims.retentionMonths}-month retention`;

const heroFacts = [
  { value: claims.retentionClaim, label: `${claims.retentionMonths}-month retention` },
  { value: `${claims.trainingWeeks} weeks`, label: 'from recruit to technician' },
  { value: 'Custom', label: 'training for your site' },
] as const;

const companySteps: readonly Step[] = [
  {
    icon: ClipboardList,
    title: 'Share Your Needs',
    text: 'Tell us the roles, headcount, locations and start dates you are planning for.',
  },
  {
    icon: GraduationCap,
    title: 'We Recruit and Train',
    text: `We select motivated candidates and run an ${claims.trainingWeeks}-week intensive, tailored to your equipment and procedures.`,
  },
  {
    icon: Handshake,
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

const companyFaq: readonly FaqItem[] = [
  {
    question: 'How much does it cost to hire through the programme?',
    answer:
      'Pricing depends on the number of technicians, locations and how much custom training you need, so we prepare a custom quote for each partner. Tell us your hiring needs and we will send one.',
  },
  {
    question: 'How are candidates selected?',
    answer:
      'We screen applicants for motivation, reliability and technical aptitude, then assess them throughout the training. Only graduates who pass the hands-on assessments and certifications are put forward, and you interview them before hiring.',
  },
  {
    question: 'Can the training be customised for our data centers?',
    answer:
      'Yes. We can add modules on your specific hardware, tooling, safety procedures and workflows, so technicians are ready for your sites from their first day.',
  },
];

function TalentInfoForm() {
  const navigate = useNavigate();
  const { form, onSubmit, submitting } = useLeadForm({
    schema: companyEmailLeadSchema,
    defaultValues: { email: '', company: '' } satisfies CompanyEmailLead,
    submit: (lead) =>
      postJson('/api/companies/email', { ...lead, attribution: leadAttribution('/companies') }),
    onSuccess: (lead) => {
      toast(toasts.companyEmailReceived);
      session.set('employerEmail', lead.email);
      session.set('employerCompany', lead.company);
      void navigate('/hiring');
    },
    failureToast: toasts.companyFailed,
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Company name"
        autoComplete="organization"
        error={errors.company?.message}
        {...register('company')}
      />
      <SubmitButton submitting={submitting} label="Get Talent Info" size="lg" className="w-full" />
    </form>
  );
}

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
            intro="Leave your work email and we will send you details on hiring our graduates."
          >
            <TalentInfoForm />
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

      <Section tone="light" aria-labelledby="company-steps-title">
        <SectionHeading
          id="company-steps-title"
          eyebrow="How it works"
          title="How It Works for Companies"
          intro="From your first call to a technician on your floor in three steps."
        />
        <StepList steps={companySteps} />
      </Section>

      <Section tone="muted" aria-labelledby="why-partner-title">
        <SectionHeading
          id="why-partner-title"
          eyebrow="Why partner with us"
          title="Why Partner With Us"
          intro="A reliable source of technicians for an industry that cannot hire fast enough."
        />
        <FeatureGrid features={partnerBenefits} />
      </Section>

      <Section tone="dark" aria-labelledby="hiring-needs-title">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="hiring-needs-title" className="text-3xl sm:text-4xl">
            Ready to build your technician team?
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Share your hiring needs and we will put together a plan and a custom quote.
          </p>
          <Button size="lg" className="mt-8" onClick={() => scrollToForm()}>
            Tell Us Your Hiring Needs
            <ArrowRight className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </Section>

      <Section tone="light" aria-labelledby="company-faq-title">
        <SectionHeading id="company-faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-12">
          <Faq items={companyFaq} />
        </div>
      </Section>

      <FloatingButton label="Get Talent Info" />
    </>
  );
}
