import * as z from 'zod/mini';
import { requiredText } from './fields';

export const MAX_NOTE_LENGTH = 5000;
export const NOTE_MESSAGE = 'Please write a note of 1 to 5000 characters';

/** POST /api/{candidate,company}-submissions/:id/notes: the admin's note on a lead. */
export const leadNoteSchema = z.strictObject({
  text: requiredText(1, NOTE_MESSAGE, MAX_NOTE_LENGTH),
});

export type LeadNoteInput = z.input<typeof leadNoteSchema>;
