import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { StatusLead, StatusView } from '@shared/person-status';
import type { FormHandoff } from '../capture/form-handoff';
import { tablesOf } from '../../../platform/database/connection';
import { sameOriginCheck } from '../../../platform/http/same-origin';
import { cookieValue } from '../../../platform/http/cookies';
import type {
  AdminLeadTables,
  CandidateListRow,
  CompanyListRow,
} from '../../records/listing-tables';
import {
  LEAD_PROOF_COOKIE,
  leadRefText,
  leadProofCookie,
  readLeadProof,
  withLead,
  type LeadRef,
} from './lead-proof';
import { leadOfStatusLink, STATUS_PATH, type StatusLinkTables } from './status-link';
import { openStepOf, statusLead } from './status-words';
import { presentValues } from '../../records/present-values';

/** Where `next` in a status link sends the person: the step still open, prefilled. */
const NEXT_STEPS = {
  apply: '/apply',
  questionnaire: '/typeform',
  hiring: '/hiring',
} as const;
type NextStep = keyof typeof NEXT_STEPS;
const isNextStep = (value: unknown): value is NextStep =>
  typeof value === 'string' && Object.hasOwn(NEXT_STEPS, value);

/** GET /status's answer: a 303 (a link opened, a step resumed) or the page's view. */
export type StatusAnswer =
  { redirect: string; cookies: string[] } | { view: StatusView | undefined };

type Query = Record<string, unknown>;

/** The person's status page: the leads this browser proves (proof cookie or status link). */
export class StatusPage {
  /** False for a request another site made this browser send. */
  readonly sameOrigin: (request: FastifyRequest) => boolean;

  constructor(
    private readonly db: Kysely<AdminLeadTables & StatusLinkTables>,
    private readonly proofKey: Buffer,
    private readonly handoff: FormHandoff,
    /** SITE_URL: its origin is ours even behind a rewriting proxy; https makes cookies Secure. */
    private readonly siteUrl: string,
  ) {
    this.sameOrigin = sameOriginCheck(siteUrl);
  }

  proven(request: FastifyRequest): LeadRef[] {
    return readLeadProof(this.proofKey, cookieValue(request.headers.cookie, LEAD_PROOF_COOKIE));
  }

  /** The lead a form names (its `lead` field, `c12`) if this request proves it. */
  provenLead(request: FastifyRequest, named: unknown): LeadRef | undefined {
    return this.proven(request).find((lead) => leadRefText(lead) === named);
  }

  /** The Set-Cookie that forgets every proof this browser held (after an erasure). */
  clearedProof(request: FastifyRequest): string {
    return `${LEAD_PROOF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure(request) ? '; Secure' : ''}`;
  }

  async emailOf(lead: LeadRef): Promise<string | undefined> {
    const row = await this.db
      .selectFrom(lead.table)
      .select('email_normalized')
      .where('id', '=', lead.id)
      .executeTakeFirst();
    return row?.email_normalized;
  }

  /** GET /status: `token` opens a link (then 303 without it), `next` resumes a step prefilled. */
  async answer(request: FastifyRequest, now = new Date()): Promise<StatusAnswer> {
    const query = (request.query ?? {}) as Query;
    let proven = this.proven(request);
    const cookies: string[] = [];
    if (typeof query.token === 'string') {
      const opened = await leadOfStatusLink(tablesOf<StatusLinkTables>(this.db), query.token, now);
      if (!opened && proven.length === 0) return { view: { kind: 'no-link', expired: true } };
      if (opened) {
        proven = withLead(proven, opened);
        cookies.push(leadProofCookie(this.proofKey, proven, this.secure(request)));
      }
    }
    if (isNextStep(query.next)) {
      const lead =
        proven.find((ref) => leadRefText(ref) === query.lead) ??
        proven.find((ref) => ref.table === (query.next === 'hiring' ? 'companies' : 'candidates'));
      const prefill = lead && (await this.prefillOf(lead));
      if (prefill) {
        cookies.push(this.handoff.prefillCookie(request, prefill));
        return { redirect: NEXT_STEPS[query.next], cookies };
      }
    }
    if (cookies.length > 0 || typeof query.token === 'string')
      return { redirect: STATUS_PATH, cookies };
    const leads = await this.leadsOf(proven);
    if (leads.length > 0) return { view: { kind: 'leads', leads } };
    return { view: query.link === 'sent' ? { kind: 'no-link', linkSent: true } : undefined };
  }

  /** The proven leads that still exist: candidates first, each newest first. */
  private async leadsOf(proven: readonly LeadRef[]): Promise<StatusLead[]> {
    const idsOf = (table: LeadRef['table']) =>
      proven.filter((lead) => lead.table === table).map((lead) => lead.id);
    const [candidates, companies] = await Promise.all([
      this.rows('candidates', idsOf('candidates')),
      this.rows('companies', idsOf('companies')),
    ]);
    return proven
      .toSorted((a, b) => (a.table === b.table ? 0 : a.table === 'candidates' ? -1 : 1))
      .flatMap((lead) => {
        const row = (lead.table === 'candidates' ? candidates : companies).find(
          (found) => Number(found.id) === lead.id,
        );
        return row ? [statusLead(lead, leadRefText(lead), row)] : [];
      });
  }

  private async rows(
    table: LeadRef['table'],
    ids: number[],
  ): Promise<(CandidateListRow | CompanyListRow)[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom(table).selectAll().where('id', 'in', ids).execute();
    return rows as (CandidateListRow | CompanyListRow)[];
  }

  /**
   * The session-storage values the step's page prefills, as the spec's forms leave them; none
   * once no step is open (an old e-mail's button then opens the status page, not a done form).
   */
  private async prefillOf(lead: LeadRef): Promise<Record<string, string> | undefined> {
    const [row] = await this.rows(lead.table, [lead.id]);
    if (!row || !openStepOf(lead.table, row)) return undefined;
    const present = (values: Record<string, string | null>) =>
      presentValues(values) as Record<string, string>;
    if (lead.table === 'companies') {
      const company = row as CompanyListRow;
      return present({ employerEmail: company.email, employerCompany: company.company_name });
    }
    const candidate = row as CandidateListRow;
    return present({
      candidateEmail: candidate.email,
      candidateFirstName: candidate.first_name,
      candidateLastName: candidate.last_name,
      candidatePhone: candidate.phone,
    });
  }

  private secure(request: FastifyRequest): boolean {
    return this.siteUrl.startsWith('https:') || request.protocol === 'https';
  }
}
