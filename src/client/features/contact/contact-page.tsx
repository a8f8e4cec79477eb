import { lazy, memo, Suspense, useId, useState, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { Building2, GraduationCap, Mail, type LucideIcon } from 'lucide-react';
import { preloadWhenPreRendering } from '../../components/forms/lazy-form';
import { EmailLink } from '../../components/ui/email-link';
import { PageHero } from '../../components/ui/page-hero';
import { Container } from '../../components/ui/section';
import { loadCode } from '../../lib/load-code';
import { site } from '../../lib/site';
import { usePageState } from '../../lib/page-state';
import { useHydrated } from '../../lib/use-hydrated';

import type { ContactForms as ContactFormsComponent } from './contact-forms';
import { isContactType, type ContactType } from '@shared/page-state';

/** /contact's query: `userType` picks the tab; it or `showForm=true` opens the forms. */
function useContactQuery(): { open: boolean; userType: ContactType | null } {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const { contactType, form } = usePageState();
  const userType = hydrated ? params.get('userType') : null;
  const showForm = hydrated && params.get('showForm') === 'true';
  const fromServer =
    contactType ??
    (form ? (form.action === '/api/companies/submit' ? 'employer' : 'candidate') : null);
  return {
    open: showForm || isContactType(userType) || fromServer !== null,
    userType: isContactType(userType) ? userType : fromServer,
  };
}

const choices: readonly { type: ContactType; label: string; text: string; icon: LucideIcon }[] = [
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

/** A choice: a submit button of a GET form, so it works without JavaScript too. */
function ChoiceCard({
  type,
  label,
  text,
  icon: Icon,
  onChoose,
}: (typeof choices)[number] & { onChoose: () => void }) {
  const id = useId();
  return (
    <button
      type="submit"
      name="userType"
      value={type}
      onClick={(event) => {
        event.preventDefault();
        onChoose();
      }}
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

// The tabs' code (Radix Tabs, ~6 KB gzip) loads once the visitor chose: not in the first load.
let LoadedForms: typeof ContactFormsComponent | undefined;
const loadForms = async () => {
  LoadedForms ??= (await loadCode(() => import('./contact-forms'))).ContactForms;
};
preloadWhenPreRendering(loadForms);
const SuspendingForms = lazy(async () => {
  await loadForms();
  return { default: LoadedForms as typeof ContactFormsComponent };
});

// Memoized: an update reaching the boundary before hydration would discard the server HTML.
const ContactForms = memo(function ContactForms(
  props: ComponentProps<typeof ContactFormsComponent>,
) {
  // Loaded before a page with open tabs hydrates: no boundary, so an early click is replayed.
  // Chosen once: switching later would remount the forms and lose what was typed.
  const [Loaded] = useState(() => LoadedForms);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className="min-h-[40rem]" />}>
      <SuspendingForms {...props} />
    </Suspense>
  );
});

export default function ContactPage() {
  const query = useContactQuery();
  // What the visitor chose on this page; until then the query string decides.
  const [chosen, setChosen] = useState<ContactType | null>(null);
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
                  userType={chosen ?? query.userType ?? 'candidate'}
                  onUserTypeChange={setChosen}
                  focusTabOnMount={chosen !== null}
                />
              ) : (
                <section aria-labelledby="contact-choice-title">
                  <h2 id="contact-choice-title" className="text-2xl">
                    How can we help you?
                  </h2>
                  <p className="mt-2 text-slate-600">Choose the option that describes you best.</p>
                  <form method="get" action="/contact" className="mt-6 grid gap-4 sm:grid-cols-2">
                    {choices.map((choice) => (
                      <ChoiceCard
                        key={choice.type}
                        {...choice}
                        onChoose={() => setChosen(choice.type)}
                      />
                    ))}
                  </form>
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
                <EmailLink className="mt-4 inline-block break-all rounded-sm font-semibold text-accent-soft underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent" />
              </div>
            </aside>
          </div>
        </Container>
      </div>
    </>
  );
}
