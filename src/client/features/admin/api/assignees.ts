import { useQuery } from '@tanstack/react-query';
import type { LeadKind } from '@shared/lead-status';
import { apiRequest } from './http';
import { useLeadChange } from './leads';
import { detailUrl } from './lead-detail';

export interface Assignee {
  id: number;
  name: string;
}

/** The enabled owners and recruiters, for the detail's assignee control. */
export const useAssignees = () => useQuery<Assignee[]>({ queryKey: ['/api/admin/assignees'] });

export const useAssign = (kind: LeadKind, id: number) =>
  useLeadChange((assignee: number | null) =>
    apiRequest('PATCH', detailUrl(kind, id), { assignee }),
  );
