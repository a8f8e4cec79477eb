import { useQuery } from '@tanstack/react-query';
import type { Deliveries } from '@shared/admin-deliveries';

export type { FailedDelivery } from '@shared/admin-deliveries';

/** GET /api/admin/deliveries through the default query function (refreshed with the rest). */
export const useDeliveries = () => useQuery<Deliveries>({ queryKey: ['/api/admin/deliveries'] });
