import * as z from 'zod/mini';
import { unknownPlaceholders } from '../message-templates';
import { requiredLine, requiredText } from './fields';

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_LENGTH = 5000;
const SUBJECT_MESSAGE = 'Please enter a subject';
const BODY_MESSAGE = 'Please enter a message';

const knownPlaceholders = z.refine<string>((text) => unknownPlaceholders(text).length === 0, {
  error: (issue) =>
    `Unknown placeholders: ${unknownPlaceholders(String(issue.input))
      .map((name) => `{${name}}`)
      .join(', ')}`,
});

/** PUT /api/admin/message-templates/{leadType}/{status}: a stage-change message. */
export const messageTemplateSchema = z.strictObject({
  subject: requiredLine(1, SUBJECT_MESSAGE).check(knownPlaceholders),
  body: requiredText(1, BODY_MESSAGE, MAX_BODY_LENGTH).check(knownPlaceholders),
});

export type MessageTemplateInput = z.input<typeof messageTemplateSchema>;
