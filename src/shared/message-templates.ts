import type { DefaultMessage } from './default-messages';
import type { LeadKind } from './lead-status';

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

/** What a status sends; `updatedAt` null: the default, no template saved. */
export interface MessageTemplate extends DefaultMessage {
  updatedAt: string | null;
}

/** One entry of GET /api/admin/message-templates: a status, what it sends and its default. */
export interface MessageTemplateSlot {
  leadType: LeadKind;
  status: string;
  template: MessageTemplate | null;
  default: DefaultMessage | null;
}
