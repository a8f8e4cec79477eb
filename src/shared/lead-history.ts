// A lead's history in its detail (GET /api/…-submissions/:id), declared once for both sides.
import { arrayOfObjects, nullableText, text, type FromSchema } from './json-schema';

/** One event of the lead's life per entry, as the server words it (oldest first). */
export const timelineSchema = arrayOfObjects({
  at: text,
  kind: text,
  text,
  by: { ...nullableText, description: "A note's author, the account as named now" },
});

/** The forms the lead sent, each with its fields (by column) and attribution as sent. */
export const submissionsSchema = arrayOfObjects({
  form: text,
  at: text,
  sourcePage: nullableText,
  fields: { type: ['object', 'null'], additionalProperties: nullableText },
  attribution: { type: ['object', 'null'], additionalProperties: true },
  verified: { type: 'boolean', description: "Sent with the lead's proof (decision 176)" },
});

// The document lists no field as required; the server sends every one (`by` with notes only).
type Entry = FromSchema<typeof timelineSchema>[number];
export type TimelineEntry = Required<Omit<Entry, 'by'>> & Pick<Entry, 'by'>;
export type SubmissionEntry = Required<FromSchema<typeof submissionsSchema>[number]>;
