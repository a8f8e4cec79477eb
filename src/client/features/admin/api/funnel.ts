import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelFigures } from '@shared/admin-funnel';

/**
 * GET /api/admin/funnel for the UTC days from..to (both included), through the default query
 * function; the last figures stay on screen while a new range loads.
 */
export const useFunnel = (from: string, to: string, enabled: boolean) =>
  useQuery<FunnelFigures>({
    queryKey: [`/api/admin/funnel?${new URLSearchParams({ from, to }).toString()}`],
    enabled,
    placeholderData: keepPreviousData,
  });
