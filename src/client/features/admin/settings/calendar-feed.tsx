import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { CALENDAR_FEED_URL, type CalendarFeedLink } from '@shared/booking-availability';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { errorText, requestJson } from '../api/http';
import { ConfirmDialog, type ConfirmRequest } from '../ui/confirm-dialog';
import { formatDate } from '../ui/format';
import { Panel, Pending } from '../ui/panel';

/** The server keeps only the link's hash, so the link is shown once, when made. */
export function CalendarFeed() {
  const client = useQueryClient();
  const { data, isError } = useQuery<CalendarFeedLink>({ queryKey: [CALENDAR_FEED_URL] });
  const [url, setUrl] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const make = useMutation({
    mutationFn: () => requestJson<Required<CalendarFeedLink>>('POST', CALENDAR_FEED_URL),
    onSuccess: (link) => {
      setUrl(`${window.location.origin}${link.path}`);
      setCopied(false);
      client.setQueryData([CALENDAR_FEED_URL], { createdAt: link.createdAt });
    },
  });
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const reset = () =>
    setConfirm({
      title: 'Reset your calendar link?',
      message: 'The link you have now stops working: calendars subscribed to it get no more calls.',
      confirmLabel: 'Reset link',
      onConfirm: () => make.mutate(),
    });
  return (
    <Panel
      title="Subscribe to your calls"
      level={3}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5"
      titleClassName="font-semibold text-slate-900"
    >
      <p className="text-sm text-slate-700">
        Add this private link to your calendar app (subscribe by URL) to see the calls booked with
        you. Anyone with the link sees them, so keep it to yourself.
      </p>
      {!data ? (
        <Pending failed={isError} failure="Your calendar link could not be loaded." />
      ) : url ? (
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label="Your calendar link"
            hint="Shown only now: copy it into your calendar app."
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            containerClassName="w-full max-w-xl"
          />
          <Button variant="outline" onClick={() => void copy(url)}>
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
      ) : (
        <p className="text-slate-700">
          {data.createdAt
            ? `Your link was made on ${formatDate(data.createdAt)}. It is shown only when made: reset it for a new one.`
            : 'You have no calendar link yet.'}
        </p>
      )}
      {data && (
        <Button
          variant={data.createdAt ? 'outline' : 'dark'}
          className="justify-self-start"
          aria-disabled={make.isPending}
          onClick={() => (make.isPending ? undefined : data.createdAt ? reset() : make.mutate())}
        >
          {data.createdAt ? 'Reset link' : 'Get your link'}
        </Button>
      )}
      <p role="status" className="text-sm text-slate-700">
        {make.isError
          ? errorText(make.error, 'The link could not be made.')
          : copied
            ? 'Copied'
            : ''}
      </p>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Panel>
  );
}
