// GET /api/admin/quarantine, declared once for both sides.
import { integer, nullableText, objectOf, text, type FromSchema } from './json-schema';
import { leadKindSchema } from './lead-status';
import { quarantineReasons } from './lead-vocabulary';

const submission = objectOf({
  id: integer,
  form: text,
  leadType: leadKindSchema,
  email: text,
  name: { ...nullableText, description: 'The name(s) typed, when the form asks for one' },
  page: { ...nullableText, description: 'The page the form was on (attribution), when known' },
  reasons: { type: 'array', items: { type: 'string', enum: quarantineReasons } },
  userAgent: nullableText,
  receivedAt: text,
});

export const quarantinePageSchema = objectOf({
  total: integer,
  rows: { type: 'array', items: submission },
});
export type QuarantinePage = FromSchema<typeof quarantinePageSchema>;
export type QuarantinedSubmission = QuarantinePage['rows'][number];

export const quarantineReleasedSchema = objectOf(
  { leadType: leadKindSchema, leadId: integer },
  'Released: the lead it became (upserted, in its history, notified if new)',
);
export type QuarantineReleased = FromSchema<typeof quarantineReleasedSchema>;

export const quarantineReasonLabels: Record<string, string> = {
  honeypot: 'Filled the hidden field',
  too_fast: 'Sent too fast',
  no_form_token: 'No page visit',
  forged_form_token: 'Forged page token',
  bot_user_agent: 'Bot user agent',
  altcha: 'No proof of work',
  rate: 'Over the address limit',
};
