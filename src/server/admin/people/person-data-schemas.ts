import { personParts } from '@shared/admin-person';
import { fieldErrorsBody, nullableText, objectOf } from '../../platform/http/api-schemas';

/*
 * JSON schemas of the person-data routes; they also serialize, so each lists every field, and
 * stored JSON passes through whole.
 */

const text = { type: 'string' } as const;
const leadType = { type: 'string', enum: ['candidate', 'company'] } as const;
const anyObject = { type: ['object', 'null'], additionalProperties: true } as const;

const listOf = (description: string, items: object) => ({ type: 'array', description, items });

const storedRecords = (description: string) =>
  listOf(description, {
    type: 'object',
    additionalProperties: { type: ['string', 'number', 'null'] },
  });

export const reportBody = objectOf(
  {
    email: { ...text, description: 'The address matched: trimmed and lower-cased' },
    generatedAt: text,
    candidates: storedRecords('Candidate records: every stored column'),
    companies: storedRecords('Company records: every stored column'),
    submissions: listOf(
      'Each accepted form of those leads, oldest first, with what it said',
      objectOf({
        leadType,
        leadId: { type: 'integer' },
        form: text,
        sourcePage: nullableText,
        fields: anyObject,
        attribution: anyObject,
        consent: nullableText,
        createdAt: text,
      }),
    ),
    quarantine: listOf(
      'Submissions from the address held back as suspect',
      objectOf({
        id: { type: 'integer' },
        leadType,
        form: text,
        email: text,
        step: anyObject,
        reasons: { type: 'array', items: text },
        userAgent: nullableText,
        receivedAt: text,
      }),
    ),
    activity: listOf(
      "The admin's notes, status changes and e-mails sent about those leads",
      objectOf({
        leadType,
        leadId: { type: 'integer' },
        kind: text,
        text: nullableText,
        fromStatus: nullableText,
        toStatus: nullableText,
        createdAt: text,
      }),
    ),
    auditEntries: listOf(
      'Audit entries naming those leads or earlier requests about the address',
      objectOf({
        id: { type: 'integer' },
        at: text,
        action: text,
        actor: text,
        leadType: { type: ['string', 'null'] },
        leadId: { type: ['integer', 'null'] },
        detail: nullableText,
      }),
    ),
    outboxMessages: listOf(
      'Notifications (e-mail, webhook) and Meta Conversions API events about those leads',
      objectOf({
        id: { type: 'integer' },
        leadType: { type: ['string', 'null'] },
        leadId: { type: ['integer', 'null'] },
        destination: text,
        topic: text,
        state: { type: 'string', enum: ['pending', 'sent', 'failed'] },
        attempts: { type: 'integer' },
        payload: anyObject,
        lastError: nullableText,
        createdAt: text,
        sentAt: nullableText,
      }),
    ),
    mailFiles: listOf(
      'E-mails written to DATA_DIR/outbox (no mail transport) that mention the address',
      objectOf({ file: text, content: text }),
    ),
  },
  'Everything stored about the address (the access request), to download as JSON',
);

export const erasureBody = objectOf(
  {
    erasedAt: text,
    erased: objectOf(
      Object.fromEntries(personParts.map(({ key }) => [key, { type: 'integer', minimum: 0 }])),
      'Rows erased, by kind',
    ),
  },
  'Erased everywhere in one transaction; pending messages about the person will not be sent',
);

export const emailQuery = {
  type: 'object',
  properties: {
    email: {
      type: 'string',
      description: "The person's e-mail address (any case; never logged)",
    },
  },
  required: ['email'],
} as const;

export const badAddress = {
  ...fieldErrorsBody,
  description: 'Missing or invalid address: `fields.email` says so; nothing was read or changed',
};
