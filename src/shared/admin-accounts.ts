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

/** An account in the owner's list (GET /api/admin/users). */
export interface AccountEntry extends AdminAccount {
  disabled: boolean;
  createdAt: string;
}

/** An invitation not yet accepted (GET /api/admin/users). */
export interface InvitationEntry {
  id: number;
  email: string;
  role: AdminRole;
  createdAt: string;
  expiresAt: string;
}

export interface AccountListing {
  accounts: AccountEntry[];
  invitations: InvitationEntry[];
}

/** A live session in its account's list (GET /api/admin/sessions). */
export interface SessionEntry {
  id: number;
  /** "Chrome on Android": from the User-Agent. */
  device: string;
  /** The address's network (IPv4 /24, IPv6 /64). */
  network: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

/** An invited person's password: at least this long, and not on the common-passwords list. */
export const PASSWORD_MIN_LENGTH = 12;
