import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { statusLabel } from '@shared/lead-status';
import type { MessageTemplateSlot, PlaceholderValues } from '@shared/message-templates';
import { messageTemplateSchema, type MessageTemplateInput } from '@shared/schemas/message-template';
import { Button } from '../../../components/ui/button';
import { site } from '../../../lib/site';
import { zodResolver } from '../../../lib/zod-resolver';
import { apiRequest } from '../../../lib/api';
import { TEMPLATES_URL } from '../api/message-templates';
import { announced, AnnouncementLine, type Announce, type Announcement } from '../ui/announcement';
import { SaveButton, Select } from '../ui/controls';
import { MessageFields } from '../ui/message-fields';
import { Panel, Pending } from '../ui/panel';

const slotKey = (slot: Pick<MessageTemplateSlot, 'leadType' | 'status'>) =>
  `${slot.leadType}/${slot.status}`;

const sampleValues: PlaceholderValues = {
  firstName: 'Ada',
  company: 'Northwind Ltd',
  statusLink: `${site.siteUrl}/status?token=sample`,
  supportEmail: site.supportEmail,
};

/** The subject and body of one status, with the live preview; remounted for each status. */
function TemplateForm({ slot, announce }: { slot: MessageTemplateSlot; announce: Announce }) {
  const client = useQueryClient();
  // PUT (a template) or DELETE (null) the status's message; the list shows the answer.
  const save = useMutation({
    mutationFn: async (template: MessageTemplateInput | null) => {
      const url = `${TEMPLATES_URL}/${slotKey(slot)}`;
      if (template === null) return void (await apiRequest('DELETE', url));
      await apiRequest('PUT', url, template);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
  });
  const form = useForm<MessageTemplateInput>({
    resolver: zodResolver(messageTemplateSchema),
    defaultValues: { subject: slot.template?.subject ?? '', body: slot.template?.body ?? '' },
  });
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
      <MessageFields form={form} values={sampleValues} previewTitle="Preview with sample values" />
      <div className="flex flex-wrap items-center gap-3">
        {isDefault && !form.formState.isDirty && (
          <p className="text-sm text-slate-700">This is the default message.</p>
        )}
        <SaveButton pending={save.isPending}>Save message</SaveButton>
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
