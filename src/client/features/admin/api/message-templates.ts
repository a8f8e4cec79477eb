import { useQuery } from '@tanstack/react-query';
import type { MessageTemplateSlot } from '@shared/message-templates';
import type { MessageTemplateInput } from '@shared/schemas/message-template';

export const TEMPLATES_URL = '/api/admin/message-templates';

/** What a status change sends: nothing, the status's message (`notify`), or an edited one. */
export type Sending = { notify?: true; message?: MessageTemplateInput };

/** The message a lead gets when moved to `status`: null, none; undefined, not loaded yet (a
    change must wait for it, or the person would get no message). */
export function useStatusMessage(leadType: MessageTemplateSlot['leadType'], status: string) {
  return useStatusMessages(leadType, status !== '')?.(status);
}

/** The same as a lookup, read once `enabled` (a bulk bar, mounted early, keeps no old copy). */
export function useStatusMessages(leadType: MessageTemplateSlot['leadType'], enabled = true) {
  const { data } = useQuery<MessageTemplateSlot[]>({ queryKey: [TEMPLATES_URL], enabled });
  return (
    data &&
    ((status: string) =>
      data.find((slot) => slot.leadType === leadType && slot.status === status)?.template ?? null)
  );
}
