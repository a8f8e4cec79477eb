import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { safeParse } from 'zod/mini';
import type { FormEmailPreview, PlaceholderValues } from '@shared/message-templates';
import { messageTemplateSchema, type MessageTemplateInput } from '@shared/schemas/message-template';
import { site } from '../../../lib/site';
import { toast } from '../../../lib/toast-store';
import { zodResolver } from '../../../lib/zod-resolver';
import type { CandidateLead, CompanyLead } from './leads';
import { useSendFormEmail } from '../api/leads';
import type { Sending } from '../api/message-templates';
import { adminToasts } from '../ui/admin-toasts';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { MessageFields } from '../ui/message-fields';

/* Before any message goes (a status change, a board move, a bulk change, the form e-mail) the
   recruiter sees it as it will be sent and may edit it for this one send. */

/** A message about to go, and what to do with it. */
interface MessageAsk {
  title: string;
  description: string;
  /** The text it starts from, placeholders and all. */
  message: MessageTemplateInput;
  values: PlaceholderValues;
  previewTitle: string;
  sendLabel: string;
  /** `edited`: the recruiter's own text; undefined when left as it was. */
  onSend(edited: MessageTemplateInput | undefined): void;
  /** Go on without the message (a status change): its button's label and action. */
  without?: { label: string; onSelect(): void };
}

const siteValues = {
  statusLink: `${site.siteUrl}/status?token=…`,
  supportEmail: site.supportEmail,
};

/** The preview's title: the person named in full (a candidate's `who`, a company's contact). */
const previewAs = (name: string) => `Preview as ${name} gets it`;

/** A lead's message as its person gets it: the placeholders' values, and whom the preview names. */
export function personalPreview(lead: CandidateLead | CompanyLead): PersonalPreview {
  const candidate = 'firstName' in lead;
  return {
    values: {
      firstName: (candidate ? lead.firstName : lead.contactName) ?? '',
      company: (candidate ? null : lead.companyName) ?? '',
      ...siteValues,
    },
    previewTitle: previewAs((candidate ? lead.who : lead.contactName) || lead.email),
  };
}

/** A bulk change's preview: each person's own values are filled in when it goes. */
export const eachPersonValues: PlaceholderValues = {
  firstName: '[first name]',
  company: '[company]',
  ...siteValues,
};

export type PersonalPreview = Pick<MessageAsk, 'values' | 'previewTitle'>;

/** What a status change shows before it goes; `message` null: the status has none. */
type StatusChange = PersonalPreview & { title: string; message: MessageTemplateInput | null };

/** A status change that asks first when its status has a message; `dialog` is where it asks. */
export function useStatusChangeAsk(afterClose?: () => void) {
  const { ask: open, dialog } = useMessageDialog(afterClose);
  const ask = ({ message, ...shown }: StatusChange, go: (sending: Sending) => void) =>
    message
      ? open({
          ...shown,
          description:
            'This status has a message for the person. Check it, edit it for this send, or change the status without it.',
          message: { subject: message.subject, body: message.body },
          sendLabel: 'Change and send',
          onSend: (edited) => go({ notify: true, ...(edited ? { message: edited } : {}) }),
          without: { label: 'Change without message', onSelect: () => go({}) },
        })
      : go({});
  return { ask, dialog };
}

function OpenMessageDialog({
  ask,
  onClose,
  afterClose,
}: {
  ask: MessageAsk;
  onClose(): void;
  afterClose?: (() => void) | undefined;
}) {
  const form = useForm<MessageTemplateInput>({
    resolver: zodResolver(messageTemplateSchema),
    defaultValues: ask.message,
  });
  const checked = () => safeParse(messageTemplateSchema, form.getValues());
  return (
    <ConfirmDialog
      wide
      request={{
        title: ask.title,
        message: ask.description,
        confirmLabel: ask.sendLabel,
        confirmVariant: 'dark',
        // The same checks as the server's: a refusal shows at its field, the dialog stays.
        canConfirm: () => {
          if (checked().success) return true;
          void form.trigger();
          return false;
        },
        onConfirm: () => {
          const { subject, body } = form.getValues();
          const same = subject === ask.message.subject && body === ask.message.body;
          ask.onSend(same ? undefined : checked().data);
        },
        alternative: ask.without,
      }}
      onClose={onClose}
      afterClose={afterClose}
    >
      <MessageFields form={form} values={ask.values} previewTitle={ask.previewTitle} />
    </ConfirmDialog>
  );
}

/** The one dialog that shows a message before it goes: `ask` opens it with that message. */
function useMessageDialog(afterClose?: () => void) {
  const [ask, setAsk] = useState<MessageAsk | null>(null);
  // Remounted for each ask: its fields start from that message.
  const dialog = ask && (
    <OpenMessageDialog
      key={`${ask.title}\n${ask.message.body}`}
      ask={ask}
      onClose={() => setAsk(null)}
      afterClose={afterClose}
    />
  );
  return { ask: setAsk, dialog };
}

/** The row's "Send form email": its message first, as the candidate gets it, editable. */
export function useFormEmail() {
  const client = useQueryClient();
  const send = useSendFormEmail();
  const { ask, dialog } = useMessageDialog();
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const open = async (id: number, who: string) => {
    setLoadingId(id);
    try {
      const { message, values } = await client.fetchQuery<FormEmailPreview>({
        queryKey: [`/api/candidate-submissions/${id}/send-email`],
        staleTime: 0,
      });
      ask({
        title: `Send form email to ${who}`,
        description: 'Check the message, or edit it for this send.',
        message,
        values,
        previewTitle: previewAs(who),
        sendLabel: 'Send',
        onSend: (edited) => send.mutate({ id, message: edited }),
      });
    } catch {
      toast(adminToasts.error('Failed to load the form email.'));
    } finally {
      setLoadingId(null);
    }
  };
  return {
    open: (id: number, who: string) => void open(id, who),
    busyId: loadingId ?? (send.isPending ? send.variables.id : null),
    dialog,
  };
}
