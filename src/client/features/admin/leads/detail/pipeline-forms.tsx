import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { leadStatuses, statusLabel } from '@shared/lead-status';
import { leadNoteSchema, MAX_NOTE_LENGTH, type LeadNoteInput } from '@shared/schemas/lead-note';
import { SubmitButton } from '../../../../components/ui/button';
import { TextareaField } from '../../../../components/ui/form-field';
import { zodResolver } from '../../../../lib/zod-resolver';
import { useAddNote, useChangeStatus } from '../../api/lead-detail';
import { announced, type DetailFormProps } from '../../ui/announcement';
import { ActionForm, Select } from '../../ui/controls';
import { useStatusMessage, type Sending } from '../../api/message-templates';
import { useStatusChangeAsk, type PersonalPreview } from '../status-message-offer';

export function StatusForm({
  kind,
  id,
  status,
  preview,
  announce,
}: DetailFormProps & { status: string | null; preview: PersonalPreview }) {
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? status ?? '';
  const change = useChangeStatus(kind);
  const message = useStatusMessage(kind, choice);
  const offer = useStatusChangeAsk();
  const changeTo = (sending: Sending) => {
    const sent = sending.notify ? ' Its message goes to the person.' : '';
    const done = `Status changed to ${statusLabel(choice)}.${sent}`;
    change.mutate(
      { id, status: choice, ...sending },
      announced(announce, done, 'Failed to change the status.', () => setPicked(null)),
    );
  };
  return (
    <ActionForm
      label="Change status"
      busy={change.isPending}
      blocked={message === undefined && choice !== ''}
      onSubmit={() => {
        if (!choice || choice === status || message === undefined) return;
        const title = `Change status to ${statusLabel(choice)}`;
        offer.ask({ title, message, ...preview }, changeTo);
      }}
    >
      <Select
        label="Status"
        value={choice}
        onChange={setPicked}
        options={leadStatuses[kind]}
        empty={status === null ? 'Not set' : undefined}
        className="min-w-48"
      />
      {offer.dialog}
    </ActionForm>
  );
}

export function NoteForm({ kind, id, announce }: DetailFormProps) {
  const add = useAddNote(kind, id);
  const form = useForm<LeadNoteInput>({
    resolver: zodResolver(leadNoteSchema),
    defaultValues: { text: '' },
  });
  // A failure keeps the text for another try.
  const onSubmit = form.handleSubmit((values) => {
    if (add.isPending) return;
    const done = 'Note added.';
    add.mutate(
      values,
      announced(announce, done, 'Failed to add the note.', () => form.reset()),
    );
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
      <TextareaField
        label="Add a note"
        maxLength={MAX_NOTE_LENGTH}
        error={form.formState.errors.text?.message}
        {...form.register('text')}
      />
      <div>
        <SubmitButton submitting={add.isPending} label="Add note" variant="dark" />
      </div>
    </form>
  );
}
