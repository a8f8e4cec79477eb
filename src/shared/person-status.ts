import { BOOK_PATH } from './booking-view';

// The person's status page (/status): what the server renders into it, and its texts.

/** The one answer of "Lost your link?", whether or not the e-mail has a lead. */
export const LOST_LINK_SENTENCE =
  'If that e-mail has an application or a talent request with us, we have just sent it a new link.';

/** Where "Lost your link?" posts (field `email`). */
export const LOST_LINK_ACTION = '/api/status/link';

/** The status page's own actions: plain form posts, answered 303 back to /status. */
export const STATUS_ACTIONS = {
  /** Spends a mailed link for the mailbox proof: field `token`. */
  open: '/api/status/open',
  details: '/api/status/details',
  reminders: '/api/status/reminders',
  withdraw: '/api/status/withdraw',
  erase: '/api/status/erase',
  download: '/api/status/download',
  /** "Do Not Sell or Share" (or Decline) from a browser: the leads its proofs name opt out. */
  optOut: '/api/status/opt-out',
  /** Its undoing, for the lead it names (the mailbox proof). */
  optIn: '/api/status/opt-in',
} as const;

export const STATUS_NOTICES = {
  details: 'Your details are saved.',
  reminders: 'Reminders are stopped. We will not remind you again.',
  withdraw: 'You have withdrawn. We will not contact you again.',
  optIn: 'You have opted back in to sale and sharing.',
  /** Refused: the lead's opt-ins a day are taken (429 to a JSON client). */
  optInCap: 'You have opted back in too often today.',
} as const;
export type StatusNotice = keyof typeof STATUS_NOTICES;

export const ERASED_MESSAGE = 'Everything we held about you is erased.';

/** To a browser holding only its forms' proof: the link comes CONFIRMATION_DELAY after them. */
export const LINK_EMAILED =
  'We e-mail you a link to this page soon after your first form. Open it to see, correct or erase what you gave us.';

/** The steps a status link may resume: `next=apply|questionnaire|hiring`. */
export const NEXT_STEPS = ['apply', 'questionnaire', 'hiring'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];
/** Where a status link may lead once opened: a step, or a candidate's booking page (`next=book`). */
export const LINK_TARGETS = [...NEXT_STEPS, 'book'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];
/** A status link that, once opened, goes on to `next` with the mailbox proof; none: /status. */
export const resumeLink = (statusLink: string, next?: LinkTarget) =>
  next ? `${statusLink}&next=${next}` : statusLink;

/** What the page says when no step is left for the person and the next move is ours. */
export const NOTHING_TO_DO = "Nothing to do for now: we'll be in touch.";
/** ...and to a candidate who holds a screening call, or may book one. */
export const CALL_BOOKED = 'Your screening call is booked: you can move or cancel it.';
export const CALL_OPEN = 'Your next step: pick a time for your screening call.';
export const callLabel = (booked: boolean) =>
  booked ? 'Move or cancel your call' : 'Book your call';

export interface StatusStep {
  text: string;
  label: string;
  href: string;
}

/** The call as a step, for a browser shown no stored value (no time): /book shows it the rest. */
export const callStep = (booked: boolean): StatusStep => ({
  text: booked ? CALL_BOOKED : CALL_OPEN,
  label: callLabel(booked),
  href: BOOK_PATH,
});

export interface StatusLead {
  /** The lead as the page's forms name it (`c12`, `k3`). */
  ref: string;
  kind: 'candidate' | 'company';
  email: string;
  /** Their other e-mails and phones we keep (a merge of two of their leads). */
  otherContacts: string[];
  /** What they gave us that they may correct, by the form's field name (blank: ''). */
  details: Record<string, string>;
  stage: string;
  /** The step still open and where to finish it; null: nothing to do. */
  next: StatusStep | null;
  /** With no step open, what comes next (NOTHING_TO_DO); null when we promise nothing. */
  outlook: string | null;
  /** The stages of the road (applied, contacted... placed) and which are reached; null once closed. */
  progress: { label: string; reached: boolean }[] | null;
  remindersStopped: boolean;
  withdrawn: boolean;
  /** They opted out of sale and sharing ("Do Not Sell or Share"); the page lets them opt back in. */
  optedOut?: boolean;
  /** A candidate's "Book your call": they hold a call or a time is open now. */
  bookCall?: boolean;
  /** They hold that call, then (in the zone they booked in): the button moves or cancels it. */
  callBooked?: string;
  /** Their call's time once over (missed, or attended): the page says when it was. */
  callWas?: string;
}

/** `expired`: a link given was unknown, spent or too old; `linkSent`: "Lost your link?" went. */
type LinkOutcome = { expired?: boolean; linkSent?: boolean };

export type StatusView =
  /** The browser holds the mailbox proof of this address: its leads, the candidate first. */
  | { kind: 'leads'; leads: StatusLead[]; notice?: StatusNotice }
  /** A mailed link, not spent yet: one button spends it (a mail scanner's GET does not). */
  | { kind: 'open-link'; token: string; next?: LinkTarget }
  /** Only the proof of this browser's own forms: their open steps, never a stored value. */
  | ({ kind: 'steps'; steps: StatusStep[] } & LinkOutcome)
  | ({ kind: 'no-link' } & LinkOutcome)
  | { kind: 'erased' };

/** /status's heading and tab title: a candidate (also one with both) reads of the application. */
export function statusHeading(status?: StatusView): string {
  if (status?.kind !== 'leads') return 'Your Status Page';
  const candidate = status.leads.some((lead) => lead.kind === 'candidate');
  return candidate ? 'Your Application Status' : 'Your Talent Request Status';
}
