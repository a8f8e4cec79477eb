import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import { claims } from '@shared/claims';
import { FormConfirmation } from '../../components/forms/form-confirmation';
import {
  LazyCandidateApplicationForm,
  LazyCompanyRequestForm,
} from '../../components/forms/lazy-forms';
import { usePageState } from '../../lib/page-state';
import { isContactType, type ContactType } from '@shared/page-state';

const tabTexts = {
  candidate: {
    tab: 'For Candidates',
    title: 'Apply for Training',
    intro: 'Tell us about yourself and we will contact you shortly to discuss next steps.',
    submitLabel: 'Submit Application',
    thanks: 'We have received your application and will contact you shortly.',
  },
  employer: {
    tab: 'For Companies',
    title: 'Request Talent',
    intro: 'Tell us about your hiring needs and a talent specialist will get back to you.',
    submitLabel: 'Submit Request',
    thanks: `We have received your request. A talent specialist will contact you within ${claims.companyResponseBusinessDays} business day.`,
  },
} as const satisfies Record<ContactType, object>;

const contactFormProps = (type: ContactType) =>
  ({
    rules: 'contact',
    page: '/contact',
    submitLabel: tabTexts[type].submitLabel,
    busyLabel: 'Submitting...',
  }) as const;

const tabClass = clsx(
  'flex-1 rounded-md px-2 py-2.5 text-base font-semibold sm:px-4 text-slate-700 transition-colors duration-150',
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong',
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
);

/** A tab's panel: its form until the lead is stored, then the thanks in its place. */
function FormPanel({
  value,
  sentBy,
  children,
}: {
  value: ContactType;
  /** The name the stored lead gave; null until then. */
  sentBy: string | null;
  children: ReactNode;
}) {
  const { title, intro, thanks } = tabTexts[value];
  return (
    // Both panels stay mounted, so switching tabs keeps what the visitor typed.
    <Tabs.Content
      value={value}
      forceMount
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong data-[state=inactive]:hidden sm:p-8"
    >
      <h2 className="text-2xl">{title}</h2>
      <p className="mt-2 text-slate-600">{intro}</p>
      <div className="mt-6">
        {sentBy === null ? (
          children
        ) : (
          <FormConfirmation title={`Thank you, ${sentBy}!`}>
            <p>{thanks}</p>
          </FormConfirmation>
        )}
      </div>
    </Tabs.Content>
  );
}

export function ContactForms({
  userType,
  onUserTypeChange,
  focusTabOnMount,
}: {
  userType: ContactType;
  onUserTypeChange: (type: ContactType) => void;
  focusTabOnMount: boolean;
}) {
  // A form posted without JavaScript comes back stored, with its thanks.
  const { form } = usePageState();
  const sentBy = (action: string) => (form?.action === action ? (form.sentBy ?? null) : null);
  const [candidateSentBy, setCandidateSentBy] = useState(sentBy('/api/candidates/submit'));
  const [employerSentBy, setEmployerSentBy] = useState(sentBy('/api/companies/submit'));
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
        if (isContactType(value)) onUserTypeChange(value);
      }}
    >
      <Tabs.List
        ref={listRef}
        aria-label="I am contacting you as"
        className="flex gap-1 rounded-lg bg-slate-200 p-1"
      >
        {/* Radix switches on mousedown; a click also does, so a replayed early click counts. */}
        {(['candidate', 'employer'] as const).map((type) => (
          <Tabs.Trigger
            key={type}
            value={type}
            className={tabClass}
            onClick={() => onUserTypeChange(type)}
          >
            {tabTexts[type].tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <FormPanel value="candidate" sentBy={candidateSentBy}>
        <LazyCandidateApplicationForm
          {...contactFormProps('candidate')}
          onSubmitted={(application) => setCandidateSentBy(application.firstName)}
        />
      </FormPanel>

      <FormPanel value="employer" sentBy={employerSentBy}>
        <LazyCompanyRequestForm
          {...contactFormProps('employer')}
          onSubmitted={(request) => setEmployerSentBy(request.name)}
        />
      </FormPanel>
    </Tabs.Root>
  );
}
