import { Handshake, Hourglass, PiggyBank, TrendingUp, Wrench } from 'lucide-react';
import { claims } from '@shared/claims';
import type { PixelEvent } from '../../lib/tracking/tracker';
import { usePageEvent } from '../../lib/tracking/use-page-tracking';
import { FeatureGrid, type Feature } from '../../components/ui/card-grid';
import { Container, HeadedSection } from '../../components/ui/section';
import { CallToActionBand, FormHero, ScrollToFormButton } from './components/sections';
import { LazyEmailLeadForm } from './forms/lazy-forms';

const landingBContentView: PixelEvent = [
  'track',
  'ViewContent',
  { content_name: 'candidates_landing_b', variant: 'high_salary' },
];

const programStrengths: readonly Feature[] = [
  {
    icon: TrendingUp,
    title: 'High-Demand Skills',
    text: `Data center technician jobs are projected to grow ${claims.projectedGrowth} by ${claims.projectedGrowthYear} as AI keeps expanding.`,
  },
  {
    icon: Handshake,
    title: 'Industry Connections',
    text: 'Our employer partners are committed to interviewing every graduate of the programme.',
  },
  {
    icon: Wrench,
    title: 'Practical Training',
    text: 'Hands-on labs with real servers, cabling and power systems, not just slides and videos.',
  },
  {
    icon: PiggyBank,
    title: 'Zero Cost',
    text: 'Your training is paid for by employers. You never pay tuition.',
  },
];

/** Placeholder employers, drawn as neutral wordmarks (no logos are fetched). */
const graduateEmployers = ['Northline Data', 'Vertex Compute', 'Helio Cloud', 'Summit Grid'];

/** Placeholder graduates with a monogram, not a photo; the first cites the $55K salary. */
const successStories = [
  {
    quote: `A year ago I was stocking shelves. ${claims.trainingWeeks} weeks after I started the programme I signed an offer for ${claims.testimonialSalary} as a data center technician.`,
    name: 'Jordan M.',
    role: 'Data Center Technician, graduate',
  },
  {
    quote:
      'No degree, no IT background. The labs and my mentor got me ready, and I started my new job the week after graduation.',
    name: 'Alicia R.',
    role: 'Critical Facilities Technician, graduate',
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .replace(/[^A-Z]/gi, '');

/** /training: landing page B, the high-salary variant (e-mail only, then /apply). */
export default function TrainingPage() {
  usePageEvent('landing-b-view', landingBContentView);
  return (
    <>
      <FormHero
        eyebrow={`Only ${claims.cohortSpots} spots in the next cohort`}
        title={
          <>
            Earn <span className="text-warm">{claims.salaryClaim}</span> in Tech Without a Degree
          </>
        }
        intro={`Become an AI data center technician in ${claims.trainingWeeks} weeks. Free training paid for by employers, then a full-time career in one of tech's fastest-growing fields.`}
        formTitle="Limited Spots Available"
        formIntro={`Only ${claims.cohortSpots} places in the next cohort. Enter your email to reserve yours.`}
        highlights={[
          'No degree or experience required',
          `Careers paying ${claims.salaryClaim} a year`,
          'Zero tuition: employers pay for your training',
        ]}
      >
        <LazyEmailLeadForm
          page="/training"
          variant="high_salary"
          submitLabel="Reserve Your Spot Now"
        />
      </FormHero>

      <section aria-labelledby="graduates-work-at-title" className="bg-white py-10 sm:py-12">
        <Container>
          <h2
            id="graduates-work-at-title"
            className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600"
          >
            Graduates Work At
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {graduateEmployers.map((name) => (
              <li
                key={name}
                className="flex h-16 items-center justify-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 text-center font-semibold tracking-tight text-slate-700"
              >
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-700 text-xs text-white"
                >
                  {initials(name)}
                </span>
                {name}
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <HeadedSection
        tone="muted"
        id="program-works-title"
        heading={{
          eyebrow: 'Why it works',
          title: 'Why Our Program Works',
          intro: 'Built with the employers who hire our graduates.',
        }}
      >
        <FeatureGrid features={programStrengths} />
      </HeadedSection>

      <HeadedSection
        tone="light"
        id="success-stories-title"
        heading={{
          eyebrow: 'Graduate success stories',
          title: 'From No Experience to a New Career',
        }}
      >
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {successStories.map((story) => (
            <figure
              key={story.name}
              className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
            >
              <blockquote className="flex-1 text-lg text-slate-800">
                <p>“{story.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-navy-900 font-semibold text-white"
                >
                  {initials(story.name)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{story.name}</span>
                  <span className="block text-sm text-slate-600">{story.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </HeadedSection>

      {/* The one place this page uses the warm accent broadly. */}
      <section aria-labelledby="cohort-banner-title" className="bg-warm py-12 text-navy-950">
        <Container className="flex flex-col items-center gap-6 text-center md:flex-row md:justify-between md:text-left">
          <div className="flex flex-col items-center gap-4 md:flex-row">
            <Hourglass className="size-10 shrink-0" aria-hidden="true" />
            <div>
              <h2 id="cohort-banner-title" className="text-2xl sm:text-3xl">
                Only {claims.cohortSpots} spots available for the next cohort
              </h2>
              <p className="mt-1 text-navy-900">
                The training is free, but places are limited. Apply before the cohort fills up.
              </p>
            </div>
          </div>
          <ScrollToFormButton
            label="Apply While Spots Remain"
            variant="dark"
            className="shrink-0"
          />
        </Container>
      </section>

      <CallToActionBand
        title={`Start your ${claims.salaryClaim} career`}
        text={`${claims.trainingWeeks} weeks of free training stand between you and a new career. No degree needed.`}
        label="Apply Now"
      />
    </>
  );
}
