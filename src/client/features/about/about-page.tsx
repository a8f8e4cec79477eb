import { Link } from 'react-router';
import { ArrowRight, Cpu, GraduationCap, Handshake } from 'lucide-react';
import { claims } from '@shared/claims';
import { buttonClass } from '../../components/ui/button';
import { CardGrid, FeatureGrid } from '../../components/ui/card-grid';
import { PageHero } from '../../components/ui/page-hero';
import { ClosingBand, HeadedSection, Section, type Heading } from '../../components/ui/section';
import { site } from '../../lib/site';
import { StaticContent } from '../../components/ui/static-content';

const storyFacts = [
  { value: String(claims.foundedYear), label: 'Founded' },
  { value: `${claims.trainingWeeks} weeks`, label: 'From beginner to technician' },
  { value: claims.retentionClaim, label: `${claims.retentionMonths}-month retention` },
] as const;

const values = [
  {
    icon: GraduationCap,
    title: 'Opportunity for everyone',
    text: 'No experience or degree needed: motivation and reliability matter more than a CV.',
  },
  {
    icon: Cpu,
    title: 'Skills that match the job',
    text: 'Training built with operators, on the equipment and procedures technicians really use.',
  },
  {
    icon: Handshake,
    title: 'Careers, not placements',
    text: 'Coaching and mentoring continue after day one, so graduates and employers both succeed.',
  },
] as const;

const teamHeading: Heading = {
  eyebrow: 'Our team',
  title: 'The People Behind the Programme',
  intro: `Our leadership team brings ${claims.teamExperienceYears} years of combined experience in data center operations, technical training and workforce development.`,
};

const partnersHeading: Heading = {
  eyebrow: 'Our partners',
  title: 'Trusted by Data Center Operators',
  intro: 'We work with operators who hire our graduates and help shape the training.',
};

/** Placeholder team (spec): drawn as initials until real people and photos are supplied. */
const placeholderTeam = [
  {
    initials: 'AM',
    name: 'Alex Morgan',
    role: 'Founder and CEO',
    bio: 'Leads the company and its mission to open data center careers to everyone.',
  },
  {
    initials: 'JL',
    name: 'Jordan Lee',
    role: 'Head of Training',
    bio: 'Runs the curriculum: hardware, networking, power, cooling and safety labs.',
  },
  {
    initials: 'SR',
    name: 'Sam Rivera',
    role: 'Head of Employer Partnerships',
    bio: 'Connects operators with the graduates who fit their sites and shifts.',
  },
] as const;

/** Placeholder partner logos (spec): neutral wordmarks until partners approve their logos. */
const placeholderPartners = [
  'Hyperscale Partner',
  'Colocation Partner',
  'Cloud Partner',
  'Enterprise Partner',
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow={`About ${site.brandName}`}
        title="About Us"
        intro="We open careers in AI data centers to people without experience or a degree, and give operators the trained technicians they cannot find."
      />

      <Section tone="light" aria-labelledby="story-title">
        <StaticContent>
          <div className="grid gap-12 lg:grid-cols-12 lg:items-center">
            <div className="lg:col-span-7">
              <p className="text-sm font-semibold uppercase tracking-wider text-accent-strong">
                Our story
              </p>
              <h2 id="story-title" className="mt-2 text-3xl sm:text-4xl">
                Founded in {claims.foundedYear} to close the talent gap
              </h2>
              <div className="mt-6 grid gap-4 text-lg text-slate-700">
                <p>
                  AI is driving the fastest data center build-out in history, and every new facility
                  needs technicians to install, maintain and repair its servers, networks, power and
                  cooling. Operators told us the same thing again and again: there are not enough
                  trained people to hire.
                </p>
                <p>
                  At the same time, many capable people are locked out of tech careers because they
                  lack a degree or prior experience. {site.brandName} was founded in{' '}
                  {claims.foundedYear} to connect the two: we recruit motivated people, train them
                  in {claims.trainingWeeks} weeks free of charge, with the cost paid by employers,
                  and place them in full-time jobs with our partners.
                </p>
              </div>
            </div>
            <dl className="grid gap-4 sm:grid-cols-3 lg:col-span-5 lg:grid-cols-1">
              {storyFacts.map((fact) => (
                <div
                  key={fact.label}
                  className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6"
                >
                  <dt className="text-slate-600">{fact.label}</dt>
                  <dd className="order-first text-3xl font-semibold text-navy-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </StaticContent>
        <FeatureGrid
          features={values}
          className="mt-16 grid gap-6 md:grid-cols-3"
          cardClassName="rounded-xl border border-slate-200 p-6"
        />
      </Section>

      <HeadedSection tone="muted" id="team-title" heading={teamHeading}>
        <CardGrid
          items={placeholderTeam}
          itemKey={(person) => person.name}
          className="mt-12 grid gap-6 md:grid-cols-3"
          cardClassName="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        >
          {(person) => (
            <>
              <span
                aria-hidden="true"
                className="mx-auto flex size-24 items-center justify-center rounded-full bg-navy-900 text-2xl font-semibold tracking-wide text-accent-soft ring-4 ring-slate-100"
              >
                {person.initials}
              </span>
              <h3 className="mt-6 text-xl">{person.name}</h3>
              <p className="mt-1 font-medium text-accent-strong">{person.role}</p>
              <p className="mt-3 text-slate-700">{person.bio}</p>
            </>
          )}
        </CardGrid>
      </HeadedSection>

      <HeadedSection tone="light" id="partners-title" heading={partnersHeading}>
        <CardGrid
          items={placeholderPartners}
          itemKey={(partner) => partner}
          className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4"
          cardClassName="flex h-24 items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 text-center font-semibold tracking-wide text-slate-600"
        >
          {(partner) => (
            <>
              <span aria-hidden="true" className="size-3 shrink-0 rotate-45 bg-slate-400" />
              {partner}
            </>
          )}
        </CardGrid>
      </HeadedSection>

      <ClosingBand
        id="about-contact-title"
        title="Want to know more?"
        text="Whether you want to start a new career or hire technicians, we would love to hear from you."
      >
        <Link to="/contact" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
          Contact Us
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </ClosingBand>
    </>
  );
}
