// GET /api/admin/deliveries, typed once for both sides.

/** A notification the outbox gave up on, or whose last attempt failed and waits to retry. */
export interface FailedDelivery {
  id: number;
  destination: 'email' | 'webhook' | 'meta' | 'person';
  topic: string;
  leadType: 'candidate' | 'company' | null;
  leadId: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

export interface Deliveries {
  /** Every failing message; `failed` lists only the newest of them. */
  failedCount: number;
  /** The same count by destination (Meta's Conversions API events apart). */
  failedByDestination: Record<FailedDelivery['destination'], number>;
  failed: FailedDelivery[];
  /** Meta's ad spend pull, failing since its last success; null: fine. */
  spendPull?: { error: string; failures: number; lastAttemptAt: string } | null;
}

/** One Meta Conversions API event of a lead, in its detail. */
export interface LeadConversion {
  /** Lead, CompleteRegistration, SubmitApplication, or a status: qualified, enrolled, placed. */
  event: string;
  /** pending with an error: waiting for a retry; failed: given up after 7 days. */
  state: 'sent' | 'pending' | 'failed';
  /** Meta's error of the last attempt (null once sent). */
  error: string | null;
  attempts: number;
  /** When it was sent, last tried, or written. */
  at: string;
}
