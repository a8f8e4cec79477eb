/** One lead per e-mail whatever its case or spaces; `email_normalized` holds this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
