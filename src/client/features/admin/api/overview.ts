import { useQuery } from '@tanstack/react-query';
import type { OverviewFigures } from '@shared/admin-overview';

/** GET /api/admin/overview through the default query function. */
export const useOverview = () => useQuery<OverviewFigures>({ queryKey: ['/api/admin/overview'] });
