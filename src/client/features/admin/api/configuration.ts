import { useQuery } from '@tanstack/react-query';
import type { AdminConfiguration } from '@shared/admin-configuration';

export type { ConfigurationItem } from '@shared/admin-configuration';

/** GET /api/admin/configuration: read at start-up by the server, so fetched once. */
export const useConfiguration = () =>
  useQuery<AdminConfiguration>({ queryKey: ['/api/admin/configuration'] });
