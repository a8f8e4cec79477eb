import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue, type SiteCookies } from '../../../platform/http/cookies';
import { signed, signedText } from '../../../platform/http/tokens';
import type { LeadProof, LeadRef, LeadTable } from '../../records/lead-tables';

/* The form proof (decision 176): signed, the leads this browser's forms created, each at its
   `proof_issued` generation (an opened mailed link raises it). It reveals and claims nothing. */

export const LEAD_PROOF_COOKIE = 'tb_lead';

/** As long as a lead is kept without activity would be too long for a shared computer. */
export const LEAD_PROOF_MAX_AGE_S = 180 * 24 * 60 * 60;

/** A browser used by a household or an office may hold a few people's leads; the newest win. */
export const LEAD_PROOF_MAX_LEADS = 5;

const TABLE_LETTER: Record<LeadTable, string> = { candidates: 'c', companies: 'k' };
/** `c12`, `k3`: a lead as the cookie and the status page's forms name it. */
export const leadRefText = (ref: LeadRef) => `${TABLE_LETTER[ref.table]}${ref.id}`;
const REF_PATTERN = /^([ck])([1-9][0-9]{0,15})$/;

/** The lead `c12` or `k3` names; undefined for anything else. */
export function parseLeadRef(text: unknown): LeadRef | undefined {
  const match = typeof text === 'string' ? REF_PATTERN.exec(text) : null;
  if (!match) return undefined;
  return { table: match[1] === 'c' ? 'candidates' : 'companies', id: Number(match[2]) };
}

/** `c12` (generation 1, as cookies from before generations say) or `c12g3`. */
const PROOF_PATTERN = /^([ck][1-9][0-9]{0,15})(?:g([1-9][0-9]{0,8}))?$/;
const proofText = (proof: LeadProof) =>
  `${leadRefText(proof)}${proof.generation === 1 ? '' : `g${proof.generation}`}`;

function parseProof(text: string): LeadProof | undefined {
  const match = PROOF_PATTERN.exec(text);
  const lead = match && parseLeadRef(match[1]);
  return lead ? { ...lead, generation: Number(match[2] ?? 1) } : undefined;
}

export const leadProofKey = (spamKey: Buffer) =>
  createHmac('sha256', spamKey).update('lead-proof').digest();

/** `c12-k3g2.<HMAC>`: the leads, newest first. */
const signLeadProof = (key: Buffer, refs: readonly LeadProof[]): string =>
  signed(key, 'lead-proof', refs.slice(0, LEAD_PROOF_MAX_LEADS).map(proofText).join('-'));

/** The leads the request's cookie names; none when it is missing, malformed or not signed by us. */
export function readLeadProof(key: Buffer, request: FastifyRequest): LeadProof[] {
  const value = cookieValue(request.headers.cookie, LEAD_PROOF_COOKIE);
  const text = value && signedText(key, 'lead-proof', value);
  if (!text) return [];
  const refs = text.split('-').map(parseProof);
  return refs.every((ref) => ref !== undefined) ? refs : [];
}

/** `lead` added in front (once; the oldest dropped past the cap). */
export function withLead(refs: readonly LeadProof[], lead: LeadProof): LeadProof[] {
  const others = refs.filter((ref) => ref.table !== lead.table || ref.id !== lead.id);
  return [lead, ...others].slice(0, LEAD_PROOF_MAX_LEADS);
}

export const leadProofCookie = (
  cookies: SiteCookies,
  request: FastifyRequest,
  key: Buffer,
  refs: readonly LeadProof[],
) => cookies.header(request, LEAD_PROOF_COOKIE, signLeadProof(key, refs), LEAD_PROOF_MAX_AGE_S);
