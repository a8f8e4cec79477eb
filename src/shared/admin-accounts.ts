/** The admin's roles (issue 22): an owner does everything, a recruiter all lead work, a viewer reads. */
export const ADMIN_ROLES = ['owner', 'recruiter', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The signed-in account, as the server knows it from the session. */
export interface AdminAccount {
  id: number;
  name: string;
  /** null for the founding owner, who signs in with ADMIN_PASSWORD alone (the spec's sign-in). */
  email: string | null;
  role: AdminRole;
}

/**
 * What a role may do, checked by the server on every route and used by the dashboard to hide
 * controls: `read` leads, the overview and the funnel; `work` leads (status, notes, e-mail,
 * export, delete, assignment, bulk, merge); `manage` accounts and read the audit log.
 */
export type AdminPermission = 'read' | 'work' | 'manage';

const ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  owner: ['read', 'work', 'manage'],
  recruiter: ['read', 'work'],
  viewer: ['read'],
};

export const can = (role: AdminRole, permission: AdminPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);
