import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Building2, GraduationCap, Mail, type LucideIcon } from 'lucide-react';
import { PageHero } from '../../components/ui/page-hero';
import { Container } from '../../components/ui/section';
import { site } from '../../lib/site';
import { useHydrated } from '../../lib/use-hydrated';

import { isUserType, type UserType } from './contact-query';

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

// The tabs and forms appear only once the visitor chose (or the query string did, after
// hydration), so their code (Radix Tabs, ~6 KB gzip) is not part of the page's first load.
const ContactForms = lazy(() =>
  import('./contact-forms').then((module) => ({ default: module.ContactForms })),
);

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
                <Suspense fallback={<div className="min-h-[40rem]" />}>
                  <ContactForms
                    userType={chosen ?? query.userType}
                    onUserTypeChange={setChosen}
                    focusTabOnMount={chosen !== null}
                  />
                </Suspense>
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
