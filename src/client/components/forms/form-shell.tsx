import type { Path } from 'react-hook-form';
import type { input } from 'zod/v4/core';
import type { FormSchema } from '../../lib/zod-resolver';
import { SubmitButton } from '../ui/button';
import { SpecField, type FieldSpec } from './field-list';
import { useLeadForm, type LeadFormOptions } from './use-lead-form';
import { SpamFields } from './spam-fields';

// A lead form (useLeadForm): noValidate (the schema's messages show), fields, submit button;
// `action` and the hidden `page` let the browser post it without JavaScript.
export function FormShell<Schema extends FormSchema>({
  fields,
  prefill = true,
  target,
  labels: { submitLabel, busyLabel },
  wide = false,
  className = wide ? 'grid gap-5 sm:grid-cols-2' : undefined,
  submitClassName = wide ? 'w-full sm:col-span-2' : 'w-full',
  ...options
}: LeadFormOptions<Schema> & {
  fields: readonly FieldSpec<Path<input<Schema>>>[];
  /** Fill fields in from the session (false: a shared form on a page that starts afresh). */
  prefill?: boolean;
  /** Where the browser shows the answer of its own post ('_top' from inside an iframe). */
  target?: '_top';
  labels: { submitLabel: string; busyLabel?: string };
  /** Two columns from the small breakpoint, the submit button across both. */
  wide?: boolean;
  className?: string;
  submitClassName?: string;
}) {
  const leadForm = useLeadForm(options);
  return (
    <form
      method="post"
      action={leadForm.post.action}
      target={target}
      noValidate
      onSubmit={leadForm.onSubmit}
      className={className}
    >
      <input type="hidden" name="page" value={leadForm.post.page} />
      {fields.map((spec) => (
        <SpecField key={spec.name} spec={spec} leadForm={leadForm} prefill={prefill} />
      ))}
      <SpamFields />
      <SubmitButton
        submitting={leadForm.submitting}
        label={submitLabel}
        busyLabel={busyLabel}
        size="lg"
        className={submitClassName}
      />
    </form>
  );
}

/** What the forms used on two pages take: that page's rules and labels, and what follows. */
export interface SharedLeadFormProps<Rules extends string, Values> {
  rules: Rules;
  page: string;
  submitLabel: string;
  busyLabel?: string;
  /** Fill in, read-only, what the visitor gave on an earlier page. */
  prefillFromSession?: boolean;
  onSubmitted: (values: Values) => void;
}
