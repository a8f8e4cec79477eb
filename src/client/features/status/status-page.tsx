import { useEffect, type ReactNode } from 'react';
import {
  ERASED_MESSAGE,
  LINK_EMAILED,
  STATUS_ACTIONS,
  STATUS_NOTICES,
  callLabel,
  statusHeading,
  type StatusLead,
  type StatusStep,
} from '@shared/person-status';
import { BOOK_PATH, callOn } from '@shared/booking-view';
import { Button, buttonClass } from '../../components/ui/button';
import { postedNames } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import { SelectField, TextareaField, TextField } from '../../components/ui/form-field';
import { PageHero } from '../../components/ui/page-hero';
import { Container } from '../../components/ui/section';
import { usePageState } from '../../lib/page-state';
import { Card, Notice } from '../../components/ui/panel';
import { LostLink } from './lost-link';

// /status: the server renders it for the person (the mailbox proof of their address); every
// action is a plain form post, so it all works without JavaScript.

/** The declared fields (lead-fields.ts) by the names the page's forms post them under. */
const declared = { candidate: postedNames(candidateFields), company: postedNames(companyFields) };

type Shown = { kind: StatusLead['kind']; name: string; defaultValue: string; error?: string };

function DetailField({ kind, name, ...shown }: Shown & { autoFocus: boolean }) {
  const field = declared[kind].find((each) => each.name === name)!;
  const label = field.question ?? field.label;
  const props = { ...shown, name, label, optional: Boolean(field.optional) };
  if (field.options) return <SelectField options={field.options} {...props} />;
  if (field.multiline)
    return <TextareaField rows={3} containerClassName="sm:col-span-2" {...props} />;
  const type = field.contact === 'phone' ? 'tel' : 'text';
  return <TextField type={type} autoComplete={field.autoComplete} {...props} />;
}

type Action = { action: string; lead: string; label: string; children?: ReactNode };

function ActionForm({
  action,
  lead,
  label,
  variant = 'outline',
  children,
}: Action & { variant?: 'outline' | 'destructive' }) {
  return (
    <form method="post" action={action} className="grid gap-3" data-plain-post>
      <input type="hidden" name="lead" value={lead} />
      {children}
      <div>
        <Button type="submit" variant={variant}>
          {label}
        </Button>
      </div>
    </form>
  );
}

function DetailsForm({ lead }: { lead: StatusLead }) {
  const { form } = usePageState();
  const returned =
    form?.action === STATUS_ACTIONS.details && form.values?.lead === lead.ref ? form : undefined;
  // The page reloads at its top: focus takes the person to what was refused, not to its hero.
  const firstError = Object.keys(lead.details).find((name) => returned?.errors?.[name]);
  return (
    <ActionForm action={STATUS_ACTIONS.details} lead={lead.ref} label="Save My Details">
      <p>
        E-mail: <strong className="break-all text-slate-900">{lead.email}</strong>
      </p>
      {lead.otherContacts.length > 0 && (
        <p>
          Also kept from your other application:{' '}
          <strong className="break-all text-slate-900">{lead.otherContacts.join(', ')}</strong>
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {Object.entries(lead.details).map(([name, value]) => (
          <DetailField
            key={name}
            kind={lead.kind}
            name={name}
            defaultValue={returned?.values?.[name] ?? value}
            error={returned?.errors?.[name]}
            autoFocus={name === firstError}
          />
        ))}
      </div>
    </ActionForm>
  );
}

function NextStep({ step }: { step: StatusStep }) {
  return (
    <>
      <p>{step.text}</p>
      <div>
        <a href={step.href} className={buttonClass({ variant: 'dark' })}>
          {step.label}
        </a>
      </div>
    </>
  );
}

/** An action that asks first: it opens, says what it does, then one button confirms it. */
function Confirmed({ summary, children, ...action }: Action & { summary: string }) {
  return (
    <details className="rounded-lg border border-slate-200 p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">{summary}</summary>
      <div className="mt-3">
        <ActionForm {...action} variant="destructive">
          <input type="hidden" name="confirm" value="yes" />
          <p>{children}</p>
        </ActionForm>
      </div>
    </details>
  );
}

function Progress({ stages }: { stages: NonNullable<StatusLead['progress']> }) {
  const current = stages.findLastIndex((stage) => stage.reached);
  return (
    <ol aria-label="Your progress" className="flex flex-wrap gap-2">
      {stages.map((stage, index) => (
        <li
          key={stage.label}
          aria-current={index === current ? 'step' : undefined}
          className={`rounded-full border px-3 py-1 text-sm ${
            stage.reached
              ? 'border-accent-strong bg-slate-900 text-white'
              : 'border-slate-300 text-slate-600'
          }`}
        >
          {stage.label}
          <span className="sr-only">{stage.reached ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ol>
  );
}

/** Reminders go to a candidate only while a step is open: the choice shows only then. */
function Reminders({ lead }: { lead: StatusLead }) {
  if (lead.kind !== 'candidate' || !lead.next) return null;
  if (lead.remindersStopped) return <p>Reminders are stopped.</p>;
  return (
    <ActionForm action={STATUS_ACTIONS.reminders} lead={lead.ref} label="Stop Reminders">
      <p>We send a reminder or two while a step is open. You can stop them here.</p>
    </ActionForm>
  );
}

function LeadCards({ lead }: { lead: StatusLead }) {
  const candidate = lead.kind === 'candidate';
  const request = candidate ? 'application' : 'request';
  const call = lead.callBooked ?? lead.callWas;
  return (
    <>
      <Card title={candidate ? 'Where You Stand' : 'Your Talent Request'}>
        {lead.progress ? <Progress stages={lead.progress} /> : null}
        <p className="text-lg text-slate-900">{lead.stage}</p>
        {lead.next ? <NextStep step={lead.next} /> : lead.outlook ? <p>{lead.outlook}</p> : null}
        {call ? <p className="text-slate-900">{callOn(call, !lead.callBooked)}</p> : null}
        {lead.bookCall && !lead.withdrawn ? (
          <div>
            {/* A full page load: the server renders /book for this browser's proof. */}
            <a href={BOOK_PATH} className={buttonClass({ variant: 'outline' })}>
              {callLabel(Boolean(lead.callBooked))}
            </a>
          </div>
        ) : null}
      </Card>
      <Card title="Your Details">
        <DetailsForm lead={lead} />
      </Card>
      <Card title="Your Choices">
        <Reminders lead={lead} />
        {lead.optedOut ? (
          <ActionForm action={STATUS_ACTIONS.optIn} lead={lead.ref} label="Opt Back In">
            <p>You opted out of sale and sharing: we send Meta nothing more about you.</p>
          </ActionForm>
        ) : null}
        {lead.withdrawn ? null : (
          <Confirmed
            summary={`Withdraw my ${request}`}
            action={STATUS_ACTIONS.withdraw}
            lead={lead.ref}
            label="Yes, Withdraw"
          >
            {`Withdraw your ${request}: we close it${lead.callBooked ? ', cancel your call' : ''} and stop every message to you.`}
          </Confirmed>
        )}
        <Confirmed
          summary="Erase everything we hold about me"
          action={STATUS_ACTIONS.erase}
          lead={lead.ref}
          label="Yes, Erase Everything"
        >
          This erases everything we hold about {lead.email}: your details, your answers and our
          messages to you. It cannot be undone.
        </Confirmed>
      </Card>
    </>
  );
}

export default function StatusPage() {
  const { status, statusNotice } = usePageState();
  let intro: ReactNode = 'Open this page from the link in any of our e-mails to see your status.';
  let body: ReactNode = <LostLink sent={false} />;
  const title = statusHeading(status);
  // The tab says it too (the server's page does; a navigation back sets the route's title).
  useEffect(() => void (document.title = document.title.replace(statusHeading(), title)), [title]);
  if (status?.kind === 'leads') {
    intro = 'What you gave us, where you stand, and what you can do.';
    body = (
      <>
        {/* A withdrawal's notice is the withdrawn lead's stage: the page says it there, once. */}
        {statusNotice && statusNotice !== 'withdraw' ? (
          <Notice>{STATUS_NOTICES[statusNotice]}</Notice>
        ) : null}
        {status.leads.map((lead) => (
          <LeadCards key={lead.ref} lead={lead} />
        ))}
        <Card title="Your Data">
          {/* An attachment: the browser saves the file and stays on this page. */}
          <ActionForm
            action={STATUS_ACTIONS.download}
            lead={status.leads[0]?.ref ?? ''}
            label="Download My Data"
          >
            <p>A copy of everything we hold about you, as a JSON file.</p>
          </ActionForm>
        </Card>
      </>
    );
  } else if (status?.kind === 'open-link') {
    intro = 'Your link is ready: it opens your page once, in this browser.';
    body = (
      <Card title="Your Status Page">
        <form method="post" action={STATUS_ACTIONS.open} data-plain-post>
          <input type="hidden" name="token" value={status.token} />
          {status.next ? <input type="hidden" name="next" value={status.next} /> : null}
          <Button type="submit" variant="dark">
            {status.next ? 'Continue' : 'Open My Status Page'}
          </Button>
        </form>
      </Card>
    );
  } else if (status?.kind === 'erased') {
    intro = ERASED_MESSAGE;
    body = null;
  } else if (status) {
    if (status.kind === 'steps') intro = LINK_EMAILED;
    if (status.expired) intro = 'This link has expired. Ask for a new one below.';
    body = (
      <>
        {(status.kind === 'steps' ? status.steps : []).map((step) => (
          <Card key={step.href} title="Your Next Step">
            <NextStep step={step} />
          </Card>
        ))}
        <LostLink sent={Boolean(status.linkSent)} />
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow="Your Status" title={title} intro={intro} />
      {body ? <Container className="grid max-w-3xl gap-8 py-16">{body}</Container> : null}
    </>
  );
}
