import { LazyEmailLeadForm } from './forms/lazy-forms';
import { claims } from '@shared/claims';
import { landingBContentView } from '../../lib/tracking/events';
import { usePageEvent } from '../../lib/tracking/use-page-tracking';
import { CallToActionBand, FormHero } from './components/sections';
import {
  CohortBanner,
  GraduatesWorkAt,
  ProgramStrengths,
  SuccessStories,
} from './components/training-sections';

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
      <GraduatesWorkAt />
      <ProgramStrengths />
      <SuccessStories />
      <CohortBanner />
      <CallToActionBand
        title={`Start your ${claims.salaryClaim} career`}
        text={`${claims.trainingWeeks} weeks of free training stand between you and a new career. No degree needed.`}
        label="Apply Now"
      />
    </>
  );
}
