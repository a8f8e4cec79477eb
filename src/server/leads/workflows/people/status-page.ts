import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BOOK_PATH } from '@shared/booking-view';
import {
  CALL_BOOKED,
  CALL_OPEN,
  callStep,
  LINK_TARGETS,
  NEXT_STEPS,
  type LinkTarget,
  type NextStep,
  type StatusView,
} from '@shared/person-status';
import type { FormHandoff } from '../capture/form-handoff';
import { tablesOf } from '../../../platform/database/connection';
import { sameOriginCheck } from '../../../platform/http/same-origin';
import type {
  AdminLeadTables,
  CandidateListRow,
  CompanyListRow,
} from '../../records/listing-tables';
import { findContacts } from '../../records/lead-contacts';
import { leadTables, provesLead, type LeadRef } from '../../records/lead-tables';
import {
  LEAD_PROOF_COOKIE,
  leadProofCookie,
  leadRefText,
  parseLeadRef,
  readLeadProof,
  withLead,
} from './lead-proof';
import {
  claimLeads,
  mailboxCookie,
  mailboxOf,
  startMailboxSession,
  type MailboxSessionTables,
} from './mailbox-session';
import {
  deleteStatusLinks,
  leadOfStatusLink,
  STATUS_PATH,
  type StatusLinkTables,
} from './status-link';
import { awaitsUs, noCallWords, openStepOf, statusLead, type CallOffer } from './status-words';
import { presentValues } from '../../records/upsert';
import type { CancelCall } from '../pipeline/lead-pipeline';
import { optedOut } from '../pipeline/status-events';

/** Where `next` sends the person: the step still open, prefilled. */
const STEP_PAGES: Record<NextStep, string> = {
  apply: '/apply',
  questionnaire: '/typeform',
  hiring: '/hiring',
};
const isNextStep = (value: unknown): value is NextStep => NEXT_STEPS.includes(value as NextStep);
const isLinkTarget = (value: unknown): value is LinkTarget =>
  LINK_TARGETS.includes(value as LinkTarget);

type Redirect = { redirect: string; cookies: string[] };
/** GET /status's answer: a 303 (a step resumed) or the page's view. */
type StatusAnswer = Redirect | { view: StatusView | undefined };

type Tables = AdminLeadTables & StatusLinkTables & MailboxSessionTables;
type Row = CandidateListRow | CompanyListRow;
type Query = Record<string, unknown>;
/** `?link=`: where "Lost your link?" and a spent link's button come back; said with any proof. */
const LINK_OUTCOMES = new Map<unknown, { linkSent?: true; expired?: true }>([
  ['sent', { linkSent: true }],
  ['expired', { expired: true }],
]);

/** The mailbox proof shows and changes every lead of its address; the form proof only points this
    browser's own leads to their next step. */
export class StatusPage {
  readonly sameOrigin: (request: FastifyRequest) => boolean;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly proofKey: Buffer,
    private readonly handoff: FormHandoff,
    /** SITE_URL: its origin is ours even behind a rewriting proxy. */
    siteUrl: string,
    private readonly offersCall: CallOffer,
    /** Cancels a candidate's call: a withdrawal leaves no host a call with them (decision 178). */
    readonly cancelCall: CancelCall,
  ) {
    this.sameOrigin = sameOriginCheck(siteUrl);
  }

  mailbox(request: FastifyRequest): Promise<string | undefined> {
    return mailboxOf(tablesOf<MailboxSessionTables>(this.db), request);
  }

  /** The lead a same-origin status-page post names (`lead`: `c12`), if the mailbox proves it. */
  async provenLead(request: FastifyRequest) {
    const named = ((request.body ?? {}) as Record<string, unknown>).lead;
    const lead = this.sameOrigin(request) ? parseLeadRef(named) : undefined;
    const address = lead && (await this.mailbox(request));
    if (!lead || !address) return undefined;
    const row = await this.row(lead, this.db);
    return row?.email_normalized === address ? { ...lead, address, stage: row.stage } : undefined;
  }

  /** The candidate this browser stands for: the mailbox's, else (the mailbox's address has none,
      a company's only) the form proof's newest, which this browser's own form created. */
  async provenCandidate(request: FastifyRequest) {
    const candidate = ([ref]: [LeadRef, Row]) => ref.table === 'candidates';
    const [lead, row] =
      (await this.mailboxLeads(request)).find(candidate) ??
      (await this.formLeads(request)).find(candidate) ??
      [];
    return lead && row ? { id: lead.id, closed: noCallWords(row.status) } : undefined;
  }

  /** Every lead this browser proves: its mailbox's address's, and its forms' own. */
  async ownLeads(request: FastifyRequest): Promise<LeadRef[]> {
    const leads = [...(await this.mailboxLeads(request)), ...(await this.formLeads(request))];
    return leads.map(([lead]) => lead);
  }

  /** The Set-Cookies that forget both proofs this browser held (after an erasure). */
  clearedProofs(request: FastifyRequest): string[] {
    const { cookies } = this.handoff;
    return [cookies.header(request, LEAD_PROOF_COOKIE, '', 0), mailboxCookie(cookies, request, '')];
  }

  /** Spends a mailed link for the mailbox proof: on to its `next` step, else /status. */
  async open(request: FastifyRequest, token: string, next: unknown): Promise<Redirect | undefined> {
    const now = new Date();
    const opened = await this.db.transaction().execute(async (trx) => {
      const links = tablesOf<StatusLinkTables>(trx);
      const lead = await leadOfStatusLink(links, token, now, { spend: true });
      const row = lead && (await this.row(lead, trx));
      if (!lead || !row) return undefined;
      await deleteStatusLinks(links, { expiredBy: now });
      const address = row.email_normalized;
      const session = await startMailboxSession(tablesOf(trx), address, now);
      return { lead, row, session, claimed: await claimLeads(tablesOf(trx), address) };
    });
    if (!opened) return undefined;
    const proofs = opened.claimed.reduce(withLead, readLeadProof(this.proofKey, request));
    const { cookies: site } = this.handoff;
    const cookies = [
      mailboxCookie(site, request, opened.session),
      leadProofCookie(site, request, this.proofKey, proofs),
    ];
    // A candidate's "Book your call": the booking page, which this browser now proves.
    if (next === 'book' && opened.lead.table === 'candidates')
      return { redirect: BOOK_PATH, cookies };
    if (isNextStep(next) && openStepOf(opened.lead.table, opened.row)) {
      cookies.push(this.handoff.prefillCookie(request, prefillOf(opened.lead, opened.row, true)));
      return { redirect: STEP_PAGES[next], cookies };
    }
    return { redirect: STATUS_PATH, cookies };
  }

  /** GET /status: a link to open, the mailbox's leads, or this browser's own next steps. */
  async answer(request: FastifyRequest): Promise<StatusAnswer> {
    const query = (request.query ?? {}) as Query;
    if (typeof query.token === 'string') {
      // Only read here: a mail scanner that fetches the link does not spend it.
      const current = await leadOfStatusLink(tablesOf(this.db), query.token, new Date());
      if (!current) return { view: { kind: 'no-link', expired: true } };
      const next = isLinkTarget(query.next) ? { next: query.next } : {};
      return { view: { kind: 'open-link', token: query.token, ...next } };
    }
    const mine = await this.mailboxLeads(request);
    const ours = await this.formLeads(request);
    if (isNextStep(query.next)) {
      const resumed = this.resume(request, query, mine, ours);
      if (resumed) return resumed;
    }
    if (mine.length > 0) {
      // What the page shows the mailbox's owner: their secondary contacts too.
      const leads = await Promise.all(
        mine.map(async (entry) => {
          const [{ table, id }, row] = entry;
          const [contacts, call, out] = await Promise.all([
            findContacts(this.db, table, [id]),
            table === 'candidates' && awaitsUs(row.status) ? this.offersCall(id) : undefined,
            optedOut(this.db, table, id),
          ]);
          const values = contacts.map((contact) => contact.value);
          const view = {
            ...statusLead(entry, values),
            bookCall: Boolean(call?.offer),
            optedOut: out,
          };
          if (call?.offer === 'move')
            return { ...view, callBooked: call.when, outlook: view.outlook && CALL_BOOKED };
          // The call is their next step, not ours: never "nothing to do" beside its button.
          const outlook = call?.offer ? view.outlook && CALL_OPEN : view.outlook;
          return { ...view, outlook, ...(call?.when ? { callWas: call.when } : {}) };
        }),
      );
      return { view: { kind: 'leads', leads } };
    }
    const link = LINK_OUTCOMES.get(query.link);
    if (ours.length > 0) {
      const steps = ours.flatMap((lead) => statusLead(lead).next ?? []);
      // /book shows this browser its candidate's call (decision 178): here, no time, a pointer.
      const [candidate, row] = ours.find(([lead]) => lead.table === 'candidates') ?? [];
      const call =
        candidate && row && awaitsUs(row.status) && (await this.offersCall(candidate.id));
      if (call && call.offer) steps.push(callStep(call.offer === 'move'));
      return { view: { kind: 'steps', steps, ...link } };
    }
    return { view: link && { kind: 'no-link', ...link } };
  }

  /** `next` resumes a step: prefilled from the mailbox's lead, or only the e-mail a form gave. */
  private resume(
    request: FastifyRequest,
    query: Query,
    mine: [LeadRef, Row][],
    ours: [LeadRef, Row][],
  ): StatusAnswer | undefined {
    const next = query.next as NextStep;
    const table = next === 'hiring' ? 'companies' : 'candidates';
    const pick = (leads: [LeadRef, Row][]) =>
      leads.find(([lead]) => leadRefText(lead) === query.lead) ??
      leads.find(([lead]) => lead.table === table);
    const proven = pick(mine);
    const own = proven ?? pick(ours);
    // No step open: an old e-mail's button opens the status page, not a finished form.
    if (!own || !openStepOf(own[0].table, own[1])) return undefined;
    const prefill = prefillOf(own[0], own[1], proven !== undefined);
    return {
      redirect: STEP_PAGES[next],
      cookies: [this.handoff.prefillCookie(request, prefill)],
    };
  }

  /** The address's leads: the candidate first (one per table, e-mails being unique). */
  async rowsOfAddress(address: string): Promise<[LeadRef, Row][]> {
    const found = await Promise.all(
      leadTables.map(async (table) => {
        const rows = await this.db
          .selectFrom(table)
          .selectAll()
          .where('email_normalized', '=', address)
          .execute();
        return rows.map((row): [LeadRef, Row] => [{ table, id: Number(row.id) }, row as Row]);
      }),
    );
    return found.flat();
  }

  private async mailboxLeads(request: FastifyRequest): Promise<[LeadRef, Row][]> {
    const address = await this.mailbox(request);
    return address ? this.rowsOfAddress(address) : [];
  }

  /** The leads the form proof names that still exist at their generation, in its order. */
  private async formLeads(request: FastifyRequest): Promise<[LeadRef, Row][]> {
    const proofs = readLeadProof(this.proofKey, request);
    const rows = await Promise.all(proofs.map((lead) => this.row(lead, this.db)));
    return proofs.flatMap((lead, index) => {
      const row = rows[index] as (Row & { proof_issued: number }) | undefined;
      return row && provesLead([lead], lead.table, row) ? [[lead, row] as [LeadRef, Row]] : [];
    });
  }

  private async row(lead: LeadRef, db: Kysely<Tables>): Promise<Row | undefined> {
    const query = db.selectFrom(lead.table).selectAll().where('id', '=', lead.id);
    return (await query.executeTakeFirst()) as Row | undefined;
  }
}

/** What the step's page prefills; without the mailbox only the e-mail (this browser typed it). */
function prefillOf(lead: LeadRef, row: Row, mailbox: boolean): Record<string, string> {
  const known = (value: string | null) => (mailbox ? value : null);
  const { company_name } = row as CompanyListRow;
  const { first_name, last_name, phone } = row as CandidateListRow;
  const values =
    lead.table === 'companies'
      ? { employerEmail: row.email, employerCompany: known(company_name) }
      : {
          candidateEmail: row.email,
          candidateFirstName: known(first_name),
          candidateLastName: known(last_name),
          candidatePhone: known(phone),
        };
  return presentValues(values) as Record<string, string>;
}
