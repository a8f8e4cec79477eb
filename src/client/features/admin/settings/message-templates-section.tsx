import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { statusLabel } from '@shared/lead-status';
import {
  PLACEHOLDERS,
  renderTemplate,
  type MessageTemplateSlot,
  type PlaceholderValues,
} from '@shared/message-templates';
import {
  MAX_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  messageTemplateSchema,
  type MessageTemplateInput,
} from '@shared/schemas/message-template';
import { Button } from '../../../components/ui/button';
import { TextareaField, TextField } from '../../../components/ui/form-field';
import { site } from '../../../lib/site';
import { zodResolver } from '../../../lib/zod-resolver';
import { apiRequest } from '../api/http';
import { TEMPLATES_URL } from '../api/message-templates';
import { announced, AnnouncementLine, type Announce, type Announcement } from '../ui/announcement';
import { Select } from '../ui/controls';
import { Panel, Pending } from '../ui/panel';

const slotKey = (slot: Pick<MessageTemplateSlot, 'leadType' | 'status'>) =>
  `${slot.leadType}/${slot.status}`;

const sampleValues: PlaceholderValues = {
  firstName: 'Ada',
  company: 'Northwind Ltd',
  statusLink: `${site.siteUrl}/status?token=sample`,
  supportEmail: site.supportEmail,
};

/** PUT (a template) or DELETE (null) one status's message; the list shows the answer. */
function useSaveTemplate(slot: MessageTemplateSlot) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (template: MessageTemplateInput | null) => {
      const url = `${TEMPLATES_URL}/${slotKey(slot)}`;
      if (template === null) return void (await apiRequest('DELETE', url));
      await apiRequest('PUT', url, template);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
  });
}

/** The subject and body of one status, with the live preview; remounted for each status. */
function TemplateForm({ slot, announce }: { slot: MessageTemplateSlot; announce: Announce }) {
  const save = useSaveTemplate(slot);
  const form = useForm<MessageTemplateInput>({
    resolver: zodResolver(messageTemplateSchema),
    defaultValues: { subject: slot.template?.subject ?? '', body: slot.template?.body ?? '' },
  });
  const [subject = '', body = ''] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const previewId = useId();
  const isDefault = slot.template?.updatedAt === null;
  const name = `${slot.leadType === 'candidate' ? 'Candidate' : 'Company'} · ${statusLabel(slot.status)}`;
  const resetDone = `Message reset to default: ${name}.`;
  const removedDone = `Message removed: ${name}. This status sends nothing.`;
  // A failure keeps the texts for another try.
  const run = (template: MessageTemplateInput | null, done: string) => {
    if (save.isPending) return;
    const cleared = () =>
      template === null ? form.reset(slot.default ?? { subject: '', body: '' }) : undefined;
    save.mutate(template, announced(announce, done, 'Failed to save the message.', cleared));
  };
  const onSubmit = form.handleSubmit((values) => run(values, `Message saved: ${name}.`));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        label="Subject"
        maxLength={MAX_SUBJECT_LENGTH}
        error={form.formState.errors.subject?.message}
        {...form.register('subject')}
      />
      <TextareaField
        label="Message"
        rows={8}
        maxLength={MAX_BODY_LENGTH}
        hint={`Placeholders: ${PLACEHOLDERS.map((placeholder) => `{${placeholder}}`).join(', ')}`}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <section
        aria-labelledby={previewId}
        className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <h3 id={previewId} className="text-sm font-semibold text-slate-900">
          Preview with sample values
        </h3>
        <p className="font-medium text-slate-900" data-preview="subject">
          {renderTemplate(subject, sampleValues) || '(no subject)'}
        </p>
        <p className="whitespace-pre-line break-words text-slate-800" data-preview="body">
          {renderTemplate(body, sampleValues) || '(no message)'}
        </p>
      </section>
      <div className="flex flex-wrap items-center gap-3">
        {isDefault && !form.formState.isDirty && (
          <p className="text-sm text-slate-700">This is the default message.</p>
        )}
        <Button type="submit" variant="dark" size="md" aria-disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save message'}
        </Button>
        {slot.template && !isDefault && (
          <Button
            variant="outline"
            size="md"
            aria-disabled={save.isPending}
            onClick={() => run(null, slot.default ? resetDone : removedDone)}
          >
            {slot.default ? 'Reset to default' : 'Remove message'}
          </Button>
        )}
      </div>
    </form>
  );
}

const optionNote = ({ template }: MessageTemplateSlot) =>
  !template ? ' (no message)' : template.updatedAt === null ? ' (default)' : '';

export function MessageTemplatesSection() {
  const { data, isError } = useQuery<MessageTemplateSlot[]>({ queryKey: [TEMPLATES_URL] });
  const [picked, setPicked] = useState('candidate/contacted');
  const [announcement, announce] = useState<Announcement>({ text: '' });
  const slot = data?.find((entry) => slotKey(entry) === picked) ?? data?.[0];
  const group = (leadType: MessageTemplateSlot['leadType']) =>
    data
      ?.filter((entry) => entry.leadType === leadType)
      .map((entry) => (
        <option key={slotKey(entry)} value={slotKey(entry)}>
          {statusLabel(entry.status)}
          {optionNote(entry)}
        </option>
      ));
  return (
    <Panel id="messages" title="Messages">
      <p className="text-sm text-slate-700">
        What a lead may be sent when you change their status. Each status but New starts with a
        default message; yours replaces it until you reset it.
      </p>
      {!data || !slot ? (
        <Pending failed={isError} failure="The messages could not be loaded." />
      ) : (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <Select
            label="Message for"
            value={slotKey(slot)}
            onChange={(value) => {
              setPicked(value);
              announce({ text: '' });
            }}
            className="sm:max-w-sm"
          >
            <optgroup label="Candidates">{group('candidate')}</optgroup>
            <optgroup label="Companies">{group('company')}</optgroup>
          </Select>
          <TemplateForm key={slotKey(slot)} slot={slot} announce={announce} />
          <AnnouncementLine announcement={announcement} />
        </div>
      )}
    </Panel>
  );
}
