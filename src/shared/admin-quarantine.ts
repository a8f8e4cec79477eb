// GET /api/admin/quarantine, typed once for both sides.

/** A quarantined form submission, as the admin sees it to judge it. */
export interface QuarantinedSubmission {
  id: number;
  form: string;
  leadType: 'candidate' | 'company';
  email: string;
  /** The name(s) typed, when the form asks for one. */
  name: string | null;
  /** The page the form was on (attribution), when known. */
  page: string | null;
  /** Why it was held back: honeypot, too_fast, no_form_token, forged_form_token, bot_user_agent, altcha, rate. */
  reasons: string[];
  userAgent: string | null;
  receivedAt: string;
}

export interface QuarantinePage {
  total: number;
  rows: QuarantinedSubmission[];
}

/** What a release answers: the lead the submission became. */
export interface QuarantineReleased {
  leadType: 'candidate' | 'company';
  leadId: number;
}

/** What each reason means, for the dashboard. */
export const quarantineReasonLabels: Record<string, string> = {
  honeypot: 'Filled the hidden field',
  too_fast: 'Sent too fast',
  no_form_token: 'No page visit',
  forged_form_token: 'Forged page token',
  bot_user_agent: 'Bot user agent',
  altcha: 'No proof of work',
  rate: 'Over the address limit',
};
