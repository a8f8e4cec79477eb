import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarCheck, FileText, PhoneCall } from 'lucide-react';
import { claims } from '@shared/claims';
import { LazyCompanyRequestForm } from '../../components/forms/lazy-forms';
import { FormConfirmation } from '../../components/forms/form-confirmation';
import { buttonClass } from '../../components/ui/button';
import { FormCard, PageHero } from '../../components/ui/page-hero';
import { Container } from '../../components/ui/section';
import { FeatureGrid } from '../../components/ui/card-grid';
import { usePageState } from '../../lib/page-state';

const responseTime = `${claims.companyResponseBusinessDays} business day`;

const nextSteps = [
  {
    icon: PhoneCall,
    title: 'A talent specialist calls you',
    text: `Within ${responseTime}, to understand your roles, sites and schedule.`,
  },
  {
    icon: FileText,
    title: 'You receive a plan and a custom quote',
    text: 'Including any custom training for your equipment and procedures.',
  },
  {
    icon: CalendarCheck,
    title: 'You meet your technicians',
    text: 'Interview certified graduates of the next cohort and hire the ones you want.',
  },
];

export default function HiringPage() {
  // A request posted without JavaScript comes back stored, with its confirmation.
  const [submittedBy, setSubmittedBy] = useState<string | null>(
    usePageState().form?.sentBy ?? null,
  );

  return (
    <>
      <PageHero
        eyebrow="For data center operators"
        title="Request Talent Information"
        intro={`Tell us about your hiring needs and a talent specialist will contact you within ${responseTime}.`}
      />
      <div className="bg-slate-50 pb-16 pt-10 sm:pb-20 sm:pt-12">
        <Container>
          <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
            <div className="lg:col-span-7">
              <FormCard
                title="Tell Us Your Hiring Needs"
                intro={
                  submittedBy === null ? 'All fields are required unless marked optional.' : null
                }
              >
                {submittedBy === null ? (
                  <LazyCompanyRequestForm
                    rules="hiring"
                    page="/hiring"
                    submitLabel="Submit Request"
                    prefillFromSession
                    onSubmitted={(request) => setSubmittedBy(request.name)}
                  />
                ) : (
                  <FormConfirmation title={`Thank you, ${submittedBy}!`}>
                    <p>
                      We have received your request. A talent specialist will contact you within{' '}
                      {responseTime}.
                    </p>
                    <p>
                      <Link to="/about" className={buttonClass({ variant: 'outline' })}>
                        Learn more about us
                      </Link>
                    </p>
                  </FormConfirmation>
                )}
              </FormCard>
            </div>
            <section aria-labelledby="next-steps-title" className="lg:col-span-5 lg:pt-8">
              <h2 id="next-steps-title" className="text-2xl">
                What happens next
              </h2>
              <FeatureGrid features={nextSteps} className="mt-6 grid gap-8" cardClassName="" />
            </section>
          </div>
        </Container>
      </div>
    </>
  );
}
