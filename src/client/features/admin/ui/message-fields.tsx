import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { PLACEHOLDERS, renderTemplate, type PlaceholderValues } from '@shared/message-templates';
import {
  MAX_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  type MessageTemplateInput,
} from '@shared/schemas/message-template';
import { TextareaField, TextField } from '../../../components/ui/form-field';

/** A message's subject and body, and a live preview with `values` filled in as it is sent. */
export function MessageFields({
  form,
  values,
  previewTitle,
}: {
  form: UseFormReturn<MessageTemplateInput>;
  values: PlaceholderValues;
  previewTitle: string;
}) {
  const [subject = '', body = ''] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const { errors } = form.formState;
  const previewId = useId();
  return (
    <div className="grid gap-4">
      <TextField
        label="Subject"
        maxLength={MAX_SUBJECT_LENGTH}
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <TextareaField
        label="Message"
        rows={8}
        maxLength={MAX_BODY_LENGTH}
        hint={`Placeholders: ${PLACEHOLDERS.map((placeholder) => `{${placeholder}}`).join(', ')}`}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <section
        aria-labelledby={previewId}
        className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <h3 id={previewId} className="text-sm font-semibold text-slate-900">
          {previewTitle}
        </h3>
        <p className="font-medium text-slate-900" data-preview="subject">
          {renderTemplate(subject, values) || '(no subject)'}
        </p>
        <p className="whitespace-pre-line break-words text-slate-800" data-preview="body">
          {renderTemplate(body, values) || '(no message)'}
        </p>
      </section>
    </div>
  );
}
