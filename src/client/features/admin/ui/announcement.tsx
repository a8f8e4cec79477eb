import { clsx } from 'clsx';
import type { LeadKind } from '@shared/lead-status';

/** What a panel says after an action: in place, not as a toast (the detail is a modal). */
export type Announcement = { text: string; failed?: boolean };
export type Announce = (message: Announcement) => void;

/** A form of the lead's detail: the lead it acts on, and where it says the outcome. */
export interface DetailFormProps {
  kind: LeadKind;
  id: number;
  announce: Announce;
}

/** A mutation's callbacks that say its outcome: `done` (after `then`), or "Error: `failed`". */
export const announced = (announce: Announce, done: string, failed: string, then?: () => void) => ({
  onSuccess: () => {
    then?.();
    announce({ text: done });
  },
  onError: () => announce({ text: `Error: ${failed}`, failed: true }),
});

/** The last announcement, read by screen readers as it changes; hidden while empty. */
export function AnnouncementLine({ announcement }: { announcement: Announcement }) {
  return (
    <p
      role="status"
      className={clsx(
        'rounded-lg px-4 py-2 text-sm empty:hidden',
        announcement.failed ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900',
      )}
    >
      {announcement.text}
    </p>
  );
}
