/*
 * GET /api/admin/deliveries: what the server answers and the dashboard shows, typed once for
 * both sides (docs/decisions/075).
 */

/** A notification the outbox gave up on, or whose last attempt failed and waits to retry. */
export interface FailedDelivery {
  id: number;
  destination: 'email' | 'webhook' | 'meta';
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
  failed: FailedDelivery[];
}
