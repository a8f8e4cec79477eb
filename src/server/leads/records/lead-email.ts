/**
 * Same address whatever its case or surrounding spaces: one lead per e-mail. The lead tables'
 * `email_normalized` holds this form; a person's request matches on it too.
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
