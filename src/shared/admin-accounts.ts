import { integer, nullableText, objectOf, text, type FromSchema } from './json-schema';

/** The admin's roles: an owner does everything, a recruiter all lead work, a viewer reads. */
export const ADMIN_ROLES = ['owner', 'recruiter', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const role = { type: 'string', enum: ADMIN_ROLES } as const;

export const accountSchema = objectOf({
  id: integer,
  name: text,
  email: {
    ...nullableText,
    description:
      "null for the founding owner, who signs in with ADMIN_PASSWORD alone (the spec's sign-in)",
  },
  role,
});
export type AdminAccount = FromSchema<typeof accountSchema>;

// What a role may do (the server checks, the dashboard hides): `read` leads and figures; `work`
// leads (status, notes, e-mail, export, delete, assignment, bulk, merge); `manage` accounts, audit.
export type AdminPermission = 'read' | 'work' | 'manage';

const ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  owner: ['read', 'work', 'manage'],
  recruiter: ['read', 'work'],
  viewer: ['read'],
};

export const can = (role: AdminRole, permission: AdminPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** Why a browser's session is over, told to that browser only (its cookie is the proof). */
export const SESSION_ENDS = ['expired', 'ended', 'disabled'] as const;
export type SessionEnd = (typeof SESSION_ENDS)[number];

/** An account in the owner's list (GET /api/admin/users). */
const accountEntrySchema = objectOf({
  ...accountSchema.properties,
  disabled: { type: 'boolean' },
  createdAt: text,
});
export type AccountEntry = FromSchema<typeof accountEntrySchema>;

export const handedOverSchema = objectOf(
  { moved: integer, needHost: integer },
  'Calls not yet started (an account taking no calls hands over its own, else those needing a host are offered): moved to a host free then, or left needing one',
);
export type HandedOver = FromSchema<typeof handedOverSchema>;

/** PATCH /api/admin/users/:id, with what became of its calls. */
export const accountChangeSchema = objectOf({
  ...accountEntrySchema.properties,
  formerRole: { ...role, description: "The role before this change (the audit log's detail)" },
  calls: handedOverSchema,
});
export type AccountChange = FromSchema<typeof accountChangeSchema>;

/** An invitation not yet accepted (GET /api/admin/users). */
export const invitationEntrySchema = objectOf({
  id: integer,
  email: text,
  role,
  createdAt: text,
  expiresAt: text,
});
export type InvitationEntry = FromSchema<typeof invitationEntrySchema>;

export const accountListingSchema = objectOf({
  accounts: { type: 'array', items: accountEntrySchema },
  invitations: { type: 'array', items: invitationEntrySchema },
});
export type AccountListing = FromSchema<typeof accountListingSchema>;

/** A live session in its account's list (GET /api/admin/sessions). */
export const sessionEntrySchema = objectOf({
  id: integer,
  device: { ...text, description: '"Chrome on Android": from the User-Agent' },
  network: { ...nullableText, description: "The address's network (IPv4 /24, IPv6 /64)" },
  createdAt: text,
  lastSeenAt: nullableText,
  current: { type: 'boolean', description: 'The session of the request that asked' },
});
export type SessionEntry = FromSchema<typeof sessionEntrySchema>;

/** An invited person's password: at least this long, and not on the common-passwords list. */
export const PASSWORD_MIN_LENGTH = 12;
