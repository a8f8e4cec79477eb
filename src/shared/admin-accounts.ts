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
