import { nullableText, objectOf, text, type FromSchema } from './json-schema';
import { leadKindSchema } from './lead-status';

// Stage-change messages, one per lead type and status; preview and sending render alike.

export const PLACEHOLDERS = ['firstName', 'company', 'statusLink', 'supportEmail'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const placeholderPattern = /\{([^{}\s]+)\}/g;
const isPlaceholder = (name: string): name is Placeholder =>
  (PLACEHOLDERS as readonly string[]).includes(name);

export function renderTemplate(text: string, values: PlaceholderValues): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    isPlaceholder(name) ? values[name] : whole,
  );
}

export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(placeholderPattern)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !isPlaceholder(name)))];
}

const message = { subject: text, body: text };

/** One entry of GET /api/admin/message-templates: a status, what it sends and its default. */
export const messageTemplateSlotSchema = objectOf({
  leadType: leadKindSchema,
  status: text,
  template: {
    ...objectOf(
      { ...message, updatedAt: { ...nullableText, description: 'null: the default, none saved' } },
      'What the status sends (a saved template, else the default); null: nothing',
    ),
    type: ['object', 'null'],
  },
  default: {
    ...objectOf(message, 'The message the status sends when none is saved; null: none'),
    type: ['object', 'null'],
  },
});
export type MessageTemplateSlot = FromSchema<typeof messageTemplateSlotSchema>;
/** What a status sends; `updatedAt` null: the default, no template saved. */
export type MessageTemplate = NonNullable<MessageTemplateSlot['template']>;

const placeholderTexts = Object.fromEntries(PLACEHOLDERS.map((name) => [name, text]));

/** GET …/send-email: the form e-mail's text and the values its preview fills in. */
export const formEmailPreviewSchema = objectOf({
  message: {
    ...objectOf(message),
    description: 'What is sent unless the body gives its own',
  },
  values: {
    ...objectOf(placeholderTexts as Record<Placeholder, typeof text>),
    description: "The placeholders' values for a preview (the link's token is not issued yet)",
  },
});
export type FormEmailPreview = FromSchema<typeof formEmailPreviewSchema>;
