import { AlertTriangle, CheckCircle2, MinusCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type {
  AdminConfiguration,
  ConfigurationItem,
  ConfigurationState,
  StorageFigures,
} from '@shared/admin-configuration';
import { clsx } from 'clsx';
import { formatNumber } from '../ui/format';
import { Panel, Pending } from '../ui/panel';

// The server's settings by state: states and public facts only, never a secret.

const good = 'bg-emerald-100 text-emerald-900';
const states: Record<ConfigurationState, [text: string, icon: typeof CheckCircle2, tone: string]> =
  {
    ok: ['OK', CheckCircle2, good],
    on: ['On', CheckCircle2, good],
    off: ['Off', MinusCircle, 'bg-slate-100 text-slate-800'],
    warning: ['Needs attention', AlertTriangle, 'bg-amber-100 text-amber-950'],
  };

const listClass = 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm';
const rowClass = 'grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr]';

const storageRows = (storage: StorageFigures) => {
  const period = `in the last ${storage.days} days`;
  return [
    [
      'Quarantine',
      `${formatNumber(storage.quarantined)} forms held, each for ${storage.days} days`,
    ],
    [
      'Quarantined forms dropped',
      `${formatNumber(storage.quarantineDropped)} ${period} (from an address past 100 a day)`,
    ],
    [
      'Visits not counted',
      `${formatNumber(storage.visitsNotCounted)} ${period} (from an address past 50 new visitors a day)`,
    ],
  ] as const;
};

function Row({ item }: { item: ConfigurationItem }) {
  const [text, Icon, tone] = states[item.state];
  return (
    <div
      className={clsx(rowClass, item.state === 'warning' && 'bg-amber-50')}
      data-configuration={item.key}
    >
      <dt className="font-medium text-slate-900">{item.label}</dt>
      <dd className="grid gap-1 text-sm text-slate-800">
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={clsx(
              'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
              tone,
            )}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            {text}
          </span>
          <span>{item.summary}</span>
        </span>
        <span className="text-xs text-slate-600">
          {item.settings.map((setting, index) => (
            <span key={setting}>
              {index > 0 && ', '}
              <code>{setting}</code>
            </span>
          ))}
        </span>
      </dd>
    </div>
  );
}

export function ConfigurationPanel() {
  const { data, isError } = useQuery<AdminConfiguration>({
    queryKey: ['/api/admin/configuration'],
  });
  return (
    <Panel id="configuration" title="Configuration">
      {!data ? (
        <Pending failed={isError} failure="The configuration could not be loaded." />
      ) : (
        <>
          {data.warnings.length > 0 && (
            <div
              role="alert"
              className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
            >
              <p className="flex items-center gap-2 font-semibold">
                <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
                {data.warnings.length === 1
                  ? '1 setting needs attention'
                  : `${data.warnings.length} settings need attention`}
              </p>
              <ul className="mt-1 list-disc pl-6">
                {data.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          )}
          <dl className={listClass}>
            {data.items.map((item) => (
              <Row key={item.key} item={item} />
            ))}
          </dl>
          <p className="text-xs text-slate-600">
            Settings are environment variables read when the server starts (see the README); a
            change takes a restart.
          </p>
          <h3 id="storage-heading" className="text-lg font-semibold text-slate-900">
            Storage bounds
          </h3>
          <dl aria-labelledby="storage-heading" className={listClass}>
            {storageRows(data.storage).map(([label, text]) => (
              <div key={label} className={rowClass}>
                <dt className="font-medium text-slate-900">{label}</dt>
                <dd className="text-sm text-slate-800">{text}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Panel>
  );
}
