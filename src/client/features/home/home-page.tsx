import { Link } from 'react-router';
import { ArrowRight, Briefcase, GraduationCap, Rocket, Search, Wrench } from 'lucide-react';
import { claims, timings } from '@shared/claims';
import type { PixelEvent } from '../../lib/tracking/tracker';
import { usePageEvent } from '../../lib/tracking/use-page-tracking';
import { buttonClass } from '../../components/ui/button';
import { CardGrid } from '../../components/ui/card-grid';
import { HeadedSection, Section, type Heading } from '../../components/ui/section';
import { StaticContent } from '../../components/ui/static-content';

/** Sent 500 ms after the page loaded (spec section 2, `homeViewTrackingDelayMs`). */
const homeContentView: PixelEvent = ['track', 'ViewContent', { content_name: 'home' }];

const approachHeading: Heading = {
  eyebrow: 'Our approach',
  title: 'Recruit, Train, Deploy',
  intro: 'A three-step path from first contact to a first day on the data center floor.',
};

const approach = [
  {
    icon: Search,
    title: 'Recruit',
    text: 'We find motivated people with no prior experience or degree and match them with the programme.',
  },
  {
    icon: Wrench,
    title: 'Train',
    text: `An ${claims.trainingWeeks}-week intensive mixes online learning with hands-on labs in real data center equipment.`,
  },
  {
    icon: Rocket,
    title: 'Deploy',
    text: 'Graduates start full-time, paid roles as AI data center technicians with our employer partners.',
  },
] as const;

const audiences = [
  {
    icon: GraduationCap,
    title: 'For Candidates',
    text: `Free training paid for by employers, about ${claims.trainingMonthsLabel} long, then a full-time job. No experience or degree needed.`,
    to: '/candidates#top',
    cta: 'Start your career',
  },
  {
    icon: Briefcase,
    title: 'For Companies',
    text: `Hire pre-trained, certified technicians, with custom training and ${claims.retentionClaim} ${claims.retentionMonths}-month retention.`,
    to: '/companies#top',
    cta: 'Find your technicians',
  },
] as const;

export default function HomePage() {
  usePageEvent('home-view', homeContentView, timings.homeViewTrackingDelayMs);
  return (
    <>
      <Section tone="hero" id="top" aria-labelledby="home-title">
        <StaticContent>
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-soft">
              AI data center workforce programme
            </p>
            <h1 id="home-title" className="mt-3 text-4xl sm:text-5xl">
              Bridging the AI Data Center Talent Gap
            </h1>
            <p className="mt-6 text-lg text-slate-300 sm:text-xl">
              We train people with no experience to become AI data center technicians in{' '}
              {claims.trainingWeeks} weeks, free of charge, and place them with the companies that
              need them.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
              <Link to="/candidates" className={buttonClass({ size: 'lg' })}>
                Become a Data Center Technician
              </Link>
              <Link to="/companies" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
                Hire Trained Technicians
              </Link>
            </div>
          </div>
        </StaticContent>
      </Section>

      <HeadedSection tone="light" id="approach-title" heading={approachHeading}>
        <CardGrid
          items={approach}
          itemKey={(step) => step.title}
          ordered
          className="mt-12 grid gap-6 md:grid-cols-3"
          cardClassName="rounded-xl border border-slate-200 bg-slate-50 p-6"
        >
          {(step, index) => (
            <>
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-navy-900 text-white">
                  <step.icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-xl">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
              </div>
              <p className="mt-4 text-slate-700">{step.text}</p>
            </>
          )}
        </CardGrid>
      </HeadedSection>

      <HeadedSection tone="muted" id="serve-title" heading={{ title: 'How We Serve You' }}>
        <StaticContent>
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            {audiences.map((audience) => (
              <div
                key={audience.title}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-8 shadow-sm"
              >
                <audience.icon className="size-8 text-accent-strong" aria-hidden="true" />
                <h3 className="mt-4 text-2xl">{audience.title}</h3>
                <p className="mt-3 flex-1 text-slate-700">{audience.text}</p>
                <Link
                  to={audience.to}
                  className={buttonClass({ variant: 'dark', className: 'mt-6 self-start' })}
                >
                  {audience.cta}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            ))}
          </div>
        </StaticContent>
      </HeadedSection>
    </>
  );
}
