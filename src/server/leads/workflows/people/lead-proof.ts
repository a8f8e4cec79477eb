import { createHmac } from 'node:crypto';
import { signed, signedText } from '../../../platform/http/tokens';
import type { LeadRef, LeadTable } from '../../records/lead-tables';

/*
 * The form proof (decision 176): a signed cookie naming the leads this browser's forms created.
 * It lets them carry on and change those leads; it reveals, erases and claims nothing.
 */

export const LEAD_PROOF_COOKIE = 'tb_lead';

/** As long as a lead is kept without activity would be too long for a shared computer. */
export const LEAD_PROOF_MAX_AGE_S = 180 * 24 * 60 * 60;

/** A browser used by a household or an office may hold a few people's leads; the newest win. */
export const LEAD_PROOF_MAX_LEADS = 5;

export type { LeadRef };

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

/** A key used for the cookie only. */
export const leadProofKey = (spamKey: Buffer) =>
  createHmac('sha256', spamKey).update('lead-proof').digest();

/** `c12-k3.<HMAC>`: the leads, newest first. */
export const signLeadProof = (key: Buffer, refs: readonly LeadRef[]): string =>
  signed(key, 'lead-proof', refs.slice(0, LEAD_PROOF_MAX_LEADS).map(leadRefText).join('-'));

/** The leads a cookie value proves; none when it is missing, malformed or not signed by us. */
export function readLeadProof(key: Buffer, value: string | undefined): LeadRef[] {
  const text = value && signedText(key, 'lead-proof', value);
  if (!text) return [];
  const refs = text.split('-').map(parseLeadRef);
  return refs.every((ref) => ref !== undefined) ? refs : [];
}

/** `lead` added in front (once; the oldest dropped past the cap). */
export const withLead = (refs: readonly LeadRef[], lead: LeadRef): LeadRef[] =>
  [lead, ...refs.filter((ref) => !(ref.table === lead.table && ref.id === lead.id))].slice(
    0,
    LEAD_PROOF_MAX_LEADS,
  );

/** The Set-Cookie header value that gives this browser the proof of `refs`. */
export function leadProofCookie(key: Buffer, refs: readonly LeadRef[], secure: boolean): string {
  return `${LEAD_PROOF_COOKIE}=${signLeadProof(key, refs)}; Path=/; Max-Age=${LEAD_PROOF_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
