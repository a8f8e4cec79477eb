import { useQuery } from '@tanstack/react-query';

/** A notification the outbox gave up on or still fails to deliver. */
export interface FailedDelivery {
  id: number;
  destination: 'email' | 'webhook';
  topic: string;
  leadType: 'candidate' | 'company' | null;
  leadId: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

export interface Deliveries {
  failedCount: number;
  failed: FailedDelivery[];
}

/** GET /api/admin/deliveries through the default query function (refreshed with the rest). */
export const useDeliveries = () => useQuery<Deliveries>({ queryKey: ['/api/admin/deliveries'] });
