import type { LeadForm, QuarantineReason } from '@shared/lead-vocabulary';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { ALTCHA_FIELD, HONEYPOT_FIELD } from '@shared/spam-fields';
import { QUARANTINE_DAILY_LIMIT } from '../quarantine/lead-quarantine';
import { tooMany, type AddressCounters } from '../screening/address-counters';
import type { ProofOfWork } from '../screening/altcha-proof';
import { FORM_TIME_COOKIE, readFormTime, timeTrapReason } from '../screening/form-time-token';
import { addressKeyOf } from '../../../platform/http/address-key';
import { cookieValue } from '../../../platform/http/cookies';
import type { LeadStore } from './lead-store';
import type { SaveResult } from '../../records/upsert';
import type { TableStep } from '../../records/lead-saves';

export const TOO_MANY_SUBMISSIONS =
  'Too many submissions from your network. Please wait a minute and try again.';

/** Lead requests a minute per address before 429: ten times the default rate limit. */
export const LEAD_FLOOD_LIMIT = 3000;

export interface CaptureSettings {
  /** Valid submissions a minute per address before quarantine; 0: no per-address limit. */
  rateLimit: number;
  /** Requests a minute from one address before 429 (only with rateLimit > 0); default LEAD_FLOOD_LIMIT. */
  floodLimit?: number | undefined;
  /** The time trap's threshold; 0: off. */
  minFillMs: number;
  altchaForms: readonly LeadForm[];
}

export const tooManySubmissions = (reply: FastifyReply, nowMs = Date.now()) =>
  tooMany(reply, nowMs, TOO_MANY_SUBMISSIONS);

const bodyField = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/** A honeypot with a value was filled by a machine; never `String(value)`: it may throw. */
const filled = (value: unknown) =>
  typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;

/** User agents remembered; most traffic comes from a few hundred browser versions. */
const MAX_AGENTS = 1000;
const verdicts = new Map<string, boolean>();

/** isbot's verdict per user agent, remembered: its large regular expression costs. */
function isBotAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return isbot(userAgent);
  const known = verdicts.get(userAgent);
  if (known !== undefined) return known;
  const verdict = isbot(userAgent);
  if (verdicts.size >= MAX_AGENTS) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(userAgent, verdict);
  return verdict;
}

/** The spam policy (decision 095): suspect forms are quarantined, answered as any other. */
export class LeadCapture {
  constructor(
    private readonly store: LeadStore,
    private readonly formTimeKey: Buffer,
    private readonly settings: CaptureSettings,
    private readonly proof: ProofOfWork | undefined,
    private readonly counters: AddressCounters,
  ) {}

  /** onRequest: 429 past the flood limit, or past the rate limit's worth of invalid bodies. */
  readonly floodGuard = async (request: FastifyRequest, reply: FastifyReply) => {
    const { rateLimit, floodLimit = LEAD_FLOOD_LIMIT } = this.settings;
    if (rateLimit <= 0) return undefined;
    const now = Date.now();
    const counts = await this.counters.add(addressKeyOf(request), 'request', now);
    const flooded = counts.request > floodLimit || counts.invalid >= rateLimit;
    return flooded ? tooManySubmissions(reply, now) : undefined;
  };

  async countInvalid(request: FastifyRequest): Promise<void> {
    if (this.settings.rateLimit > 0)
      await this.counters.add(addressKeyOf(request), 'invalid', Date.now());
  }

  /** Counts a valid form against its address: true past the rate limit (LEAD_RATE_LIMIT). */
  async overRate(request: FastifyRequest): Promise<boolean> {
    const { rateLimit } = this.settings;
    if (rateLimit <= 0) return false;
    return (await this.counters.add(addressKeyOf(request), 'valid', Date.now())).valid > rateLimit;
  }

  /** Why this request's `form` is suspect (empty: it is a person's, as far as we can tell). */
  async reasons(request: FastifyRequest, form: LeadForm): Promise<QuarantineReason[]> {
    const now = Date.now();
    const reasons: QuarantineReason[] = [];
    if (filled(bodyField(request.body, HONEYPOT_FIELD))) reasons.push('honeypot');
    const token = readFormTime(
      this.formTimeKey,
      cookieValue(request.headers.cookie, FORM_TIME_COOKIE),
    );
    const trap = timeTrapReason(token, now, this.settings.minFillMs);
    if (trap) reasons.push(trap);
    if (isBotAgent(request.headers['user-agent'])) reasons.push('bot_user_agent');
    if (this.proof && this.settings.altchaForms.includes(form)) {
      if (!(await this.proof.verify(bodyField(request.body, ALTCHA_FIELD)))) reasons.push('altcha');
    }
    if (await this.overRate(request)) reasons.push('rate');
    return reasons;
  }

  async save(request: FastifyRequest, lead: TableStep): Promise<SaveResult> {
    const reasons = lead.step.form ? await this.reasons(request, lead.step.form) : [];
    if (reasons.length === 0) return this.store.save(lead);
    // Past its daily bound an address's forms are counted, not kept.
    const dropBody =
      this.settings.rateLimit > 0 &&
      (await this.counters.addQuarantined(addressKeyOf(request), Date.now())) >
        QUARANTINE_DAILY_LIMIT;
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    return this.store.quarantine({ ...lead, reasons, userAgent, dropBody });
  }
}
