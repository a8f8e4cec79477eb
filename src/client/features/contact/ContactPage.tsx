import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { Building2, GraduationCap, Mail, type LucideIcon } from 'lucide-react';
import { contactCompanySizes, contactTimelines } from '@shared/enums';
import { contactCandidateSchema } from '@shared/schemas/candidate';
import { contactEmployerSchema } from '@shared/schemas/company';
import { CandidateApplicationForm } from '../../components/forms/candidate-application-form';
import { CompanyRequestForm } from '../../components/forms/company-request-form';
import { FormConfirmation } from '../../components/forms/form-confirmation';
import { PageHero } from '../../components/ui/page-hero';
import { Container } from '../../components/ui/section';
import { cn } from '../../lib/cn';
import { site } from '../../lib/site';
import { useHydrated } from '../../lib/use-hydrated';

type UserType = 'candidate' | 'employer';

const isUserType = (value: string | null): value is UserType =>
  value === 'candidate' || value === 'employer';

/** The spec's contact page keeps the 'Submitting...' label while a form is sent. */
const BUSY_LABEL = 'Submitting...';

/**
 * The query string of /contact: `userType` (candidate | employer) picks the tab, and
 * `showForm=true` or a valid `userType` opens the forms straight away.
 */
function useContactQuery(): { open: boolean; userType: UserType } {
  const [params] = useSearchParams();
  // The pre-rendered page has no query string: read it only once hydrated.
  const hydrated = useHydrated();
  const userType = hydrated ? params.get('userType') : null;
  const showForm = hydrated && params.get('showForm') === 'true';
  return {
    open: showForm || isUserType(userType),
    userType: isUserType(userType) ? userType : 'candidate',
  };
}

const choices: readonly { type: UserType; label: string; text: string; icon: LucideIcon }[] = [
  {
    type: 'candidate',
    label: "I'm a Candidate",
    text: 'I want to train as an AI data center technician and start a new career.',
    icon: GraduationCap,
  },
  {
    type: 'employer',
    label: "I'm a Company",
    text: 'I want to hire trained, certified technicians for my data centers.',
    icon: Building2,
  },
];

function ChoiceCard({
  label,
  text,
  icon: Icon,
  onChoose,
}: {
  label: string;
  text: string;
  icon: LucideIcon;
  onChoose: () => void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-text`}
      className="group flex h-full flex-col items-start rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm transition-colors duration-150 hover:border-accent-strong hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-navy-900 text-accent-soft">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <span id={`${id}-label`} className="mt-4 text-xl font-semibold text-slate-900">
        {label}
      </span>
      <span id={`${id}-text`} className="mt-2 text-slate-700">
        {text}
      </span>
    </button>
  );
}

const tabClass = cn(
  'flex-1 rounded-md px-2 py-2.5 text-base font-semibold sm:px-4 text-slate-700 transition-colors duration-150',
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong',
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
);

function FormPanel({
  value,
  title,
  intro,
  children,
}: {
  value: UserType;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    // Both panels stay mounted, so switching tabs keeps what the visitor typed.
    <Tabs.Content
      value={value}
      forceMount
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong data-[state=inactive]:hidden sm:p-8"
    >
      <h2 className="text-2xl">{title}</h2>
      <p className="mt-2 text-slate-600">{intro}</p>
      <div className="mt-6">{children}</div>
    </Tabs.Content>
  );
}

function ContactForms({
  userType,
  onUserTypeChange,
  focusTabOnMount,
}: {
  userType: UserType;
  onUserTypeChange: (type: UserType) => void;
  focusTabOnMount: boolean;
}) {
  const [candidateSentBy, setCandidateSentBy] = useState<string | null>(null);
  const [employerSentBy, setEmployerSentBy] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After a choice card was clicked it disappears: focus the selected tab instead.
    if (focusTabOnMount)
      listRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [focusTabOnMount]);

  return (
    <Tabs.Root
      value={userType}
      onValueChange={(value) => {
        if (isUserType(value)) onUserTypeChange(value);
      }}
    >
      <Tabs.List
        ref={listRef}
        aria-label="I am contacting you as"
        className="flex gap-1 rounded-lg bg-slate-200 p-1"
      >
        <Tabs.Trigger value="candidate" className={tabClass}>
          For Candidates
        </Tabs.Trigger>
        <Tabs.Trigger value="employer" className={tabClass}>
          For Companies
        </Tabs.Trigger>
      </Tabs.List>

      <FormPanel
        value="candidate"
        title="Apply for Training"
        intro="Tell us about yourself and we will contact you shortly to discuss next steps."
      >
        {candidateSentBy === null ? (
          <CandidateApplicationForm
            schema={contactCandidateSchema}
            page="/contact"
            submitLabel="Submit Application"
            busyLabel={BUSY_LABEL}
            onSubmitted={(application) => setCandidateSentBy(application.firstName)}
          />
        ) : (
          <FormConfirmation title={`Thank you, ${candidateSentBy}!`}>
            <p>We have received your application and will contact you shortly.</p>
          </FormConfirmation>
        )}
      </FormPanel>

      <FormPanel
        value="employer"
        title="Request Talent"
        intro="Tell us about your hiring needs and a talent specialist will get back to you."
      >
        {employerSentBy === null ? (
          <CompanyRequestForm
            schema={contactEmployerSchema}
            sizeOptions={contactCompanySizes}
            timelineOptions={contactTimelines}
            page="/contact"
            submitLabel="Submit Request"
            busyLabel={BUSY_LABEL}
            onSubmitted={(request) => setEmployerSentBy(request.name)}
          />
        ) : (
          <FormConfirmation title={`Thank you, ${employerSentBy}!`}>
            <p>We have received your request. A talent specialist will contact you soon.</p>
          </FormConfirmation>
        )}
      </FormPanel>
    </Tabs.Root>
  );
}

export default function ContactPage() {
  const query = useContactQuery();
  // What the visitor chose on this page; until then the query string decides.
  const [chosen, setChosen] = useState<UserType | null>(null);
  const open = chosen !== null || query.open;

  return (
    <>
      <PageHero
        eyebrow="Get in touch"
        title={`Contact ${site.brandName}`}
        intro="Whether you want to train as a data center technician or hire one, we are here to help."
      />
      <div className="bg-slate-50 pb-16 pt-10 sm:pb-20 sm:pt-12">
        <Container>
          <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
            <div className="lg:col-span-8">
              {open ? (
                <ContactForms
                  userType={chosen ?? query.userType}
                  onUserTypeChange={setChosen}
                  focusTabOnMount={chosen !== null}
                />
              ) : (
                <section aria-labelledby="contact-choice-title">
                  <h2 id="contact-choice-title" className="text-2xl">
                    How can we help you?
                  </h2>
                  <p className="mt-2 text-slate-600">Choose the option that describes you best.</p>
                  <div className="mt-6 grid gap-4 sm:grid-cols-2">
                    {choices.map((choice) => (
                      <ChoiceCard
                        key={choice.type}
                        label={choice.label}
                        text={choice.text}
                        icon={choice.icon}
                        onChoose={() => setChosen(choice.type)}
                      />
                    ))}
                  </div>
                </section>
              )}
            </div>
            <aside aria-labelledby="direct-contact-title" className="lg:col-span-4">
              <div className="rounded-2xl bg-navy-900 p-6 text-white sm:p-8">
                <Mail className="size-8 text-accent-soft" aria-hidden="true" />
                <h2 id="direct-contact-title" className="mt-4 text-2xl">
                  Direct Contact
                </h2>
                <p className="mt-2 text-slate-300">
                  Prefer e-mail? Write to our support team and we will get back to you.
                </p>
                <a
                  href={`mailto:${site.supportEmail}`}
                  className="mt-4 inline-block break-all rounded-sm font-semibold text-accent-soft underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                >
                  {site.supportEmail}
                </a>
              </div>
            </aside>
          </div>
        </Container>
      </div>
    </>
  );
}
