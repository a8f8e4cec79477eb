import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LeadKind } from '@shared/lead-status';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, LogOut, MonitorX, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { adminToasts } from './ui/admin-toasts';
import {
  refreshLeads,
  useDeleteLead,
  useSendFormEmail,
  useTabCounts,
  type LeadPage,
} from './api/leads';
import { downloadFile } from './api/http';
import { useCan, useLogout, useSignOutEverywhere } from './api/session';
import { AccountsTab } from './accounts/accounts-tab';
import { AuditTab } from './accounts/audit-tab';
import { SessionsPanel } from './accounts/sessions-panel';
import type { RowActions } from './leads/columns';
import { ConfirmDialog, type ConfirmRequest } from './ui/confirm-dialog';
import { DataRequestsTab } from './people/data-requests-tab';
import { DeliveryNotice } from './insights/delivery-notice';
import { LeadsTab } from './leads/leads-tab';
import { OverviewTab } from './insights/overview-tab';
import { QuarantineTab, useQuarantine } from './leads/quarantine-tab';
import { SecurityPanel } from './accounts/security-panel';
import { SettingsTab } from './settings/settings-tab';
import {
  exportUrl,
  isLeadTab,
  leadTabIds,
  leadTabs,
  listUrl,
  type LeadTabId,
  type TabFilter,
  type TabId,
} from './leads/tabs';
import { useAutoRefresh } from './use-auto-refresh';
import { formatNumber } from './ui/format';

const KINDS: readonly LeadKind[] = ['candidate', 'company'];

/** The open detail is in the URL (/admin?candidate=<id>): linkable, reloadable, Back closes. */
function useLeadLink() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const kind = KINDS.find((each) => /^[1-9]\d{0,15}$/.test(params.get(each) ?? ''));
  const open = kind ? { kind, id: Number(params.get(kind)) } : null;

  // Set in the history entry the dashboard pushes, so closing can step back over it.
  const openedHere = Boolean(
    (location.state as { leadOpenedFromList?: true } | null)?.leadOpenedFromList,
  );

  const show = useCallback(
    (kind: LeadKind, id: number) => {
      const next = new URLSearchParams(params);
      for (const other of KINDS) next.delete(other);
      next.set(kind, String(id));
      // Opening one lead from another's detail replaces it: Back returns to the list.
      setParams(next, { state: { leadOpenedFromList: true }, replace: openedHere });
    },
    [params, setParams, openedHere],
  );

  const close = useCallback(() => {
    // Opened from the list: step back, so Back after closing does not reopen it.
    if (openedHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    for (const kind of KINDS) next.delete(kind);
    setParams(next, { replace: true });
  }, [openedHere, navigate, params, setParams]);

  return { open, show, close };
}

// The detail (its forms, field labels and react-hook-form) loads the first time one opens.
const LeadDetailPanel = lazy(() => import('./leads/detail/lead-detail'));

const initialFilters = Object.fromEntries(
  leadTabIds.map((id) => [id, { q: '', offset: 0, status: '' }]),
) as Record<LeadTabId, TabFilter>;

const triggerClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong data-[state=active]:border-accent-strong data-[state=active]:text-slate-900';

/** The signed-in dashboard (spec section 2), opening on Typeform Leads; auto-refreshed. */
export function Dashboard() {
  const client = useQueryClient();
  const [tab, setTab] = useState<TabId>('questionnaireLeads');
  const [filters, setFilters] = useState(initialFilters);
  const setFilter = useCallback(
    (id: LeadTabId, filter: TabFilter) => setFilters((current) => ({ ...current, [id]: filter })),
    [],
  );
  const counts = useTabCounts();
  // What the account's role allows: the server refuses the rest, the screen hides it.
  const canWork = useCan('work');
  const canManage = useCan('manage');
  const quarantine = useQuarantine(canWork);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const refresh = useMutation({
    mutationFn: () => refreshLeads(client),
    onSuccess: () => toast(adminToasts.refreshed),
  });
  const logout = useLogout();
  const signOutEverywhere = useSignOutEverywhere();
  const deleteLead = useDeleteLead();
  const sendEmail = useSendFormEmail();
  const leadLink = useLeadLink();
  // The detail panel, once loaded, stays mounted: it closes itself and returns the focus.
  const [detailUsed, setDetailUsed] = useState(false);
  if (leadLink.open && !detailUsed) setDetailUsed(true);

  useAutoRefresh(client);

  const exportCsv = () => {
    if (!isLeadTab(tab))
      return toast(adminToasts.nothingToExport(tab === 'overview' ? 'on the Overview' : 'here'));
    // 'No Data' when the tab's current search finds no rows.
    const page = client.getQueryData<LeadPage>([listUrl(tab, filters[tab])]);
    if (!page?.total) return toast(adminToasts.noData);
    // The server names the file <tab>-YYYY-MM-DD.csv and streams the whole tab.
    downloadFile(exportUrl(tab, filters[tab]));
  };

  const actions: RowActions = {
    canWork,
    openDetail: leadLink.show,
    sendingId: sendEmail.isPending ? (sendEmail.variables ?? null) : null,
    sendEmail: (id) => sendEmail.mutate(id),
    remove: (kind, id) =>
      setConfirm({
        title: `Delete ${kind} submission`,
        message: `Are you sure you want to delete this ${kind} submission?`,
        confirmLabel: 'Delete',
        onConfirm: () => deleteLead.mutate({ kind, id }),
      }),
  };

  const toolbar = [
    { label: 'Refresh', Icon: RefreshCw, run: () => refresh.mutate(), busy: refresh.isPending },
    ...(canWork ? [{ label: 'Export to CSV', Icon: Download, run: exportCsv, busy: false }] : []),
    {
      label: 'Sign out everywhere',
      Icon: MonitorX,
      run: () => signOutEverywhere.mutate(),
      busy: signOutEverywhere.isPending,
    },
    { label: 'Logout', Icon: LogOut, run: () => logout.mutate(), busy: logout.isPending },
  ];

  const tabs: { id: TabId; label: string; count?: number | undefined; content: ReactNode }[] = [
    ...leadTabIds.map((id) => ({
      id,
      label: leadTabs[id].label,
      count: counts[id],
      content: (
        <LeadsTab
          tab={id}
          filter={filters[id]}
          onFilterChange={setFilter}
          actions={actions}
          bulk={canWork}
        />
      ),
    })),
    { id: 'overview', label: 'Overview', content: <OverviewTab /> },
    ...(canWork
      ? [
          {
            id: 'quarantine' as const,
            label: 'Quarantine',
            count: quarantine.data?.total,
            content: <QuarantineTab onConfirm={setConfirm} />,
          },
          {
            id: 'dataRequests' as const,
            label: 'Data requests',
            content: <DataRequestsTab onConfirm={setConfirm} />,
          },
        ]
      : []),
    ...(canManage
      ? [
          {
            id: 'accounts' as const,
            label: 'Accounts',
            content: <AccountsTab onConfirm={setConfirm} />,
          },
          { id: 'audit' as const, label: 'Audit', content: <AuditTab /> },
        ]
      : []),
    { id: 'sessions', label: 'Your sessions', content: <SessionsPanel /> },
    { id: 'security', label: 'Security', content: <SecurityPanel /> },
    // Deployment settings and status messages: not the marketer's figures (issue 41).
    ...(canWork ? [{ id: 'settings' as const, label: 'Settings', content: <SettingsTab /> }] : []),
  ];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Lead Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          {toolbar.map(({ label, Icon, run, busy }) => (
            <Button
              key={label}
              variant={label === 'Logout' ? 'dark' : 'outline'}
              size="sm"
              onClick={run}
              disabled={busy}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
      </div>
      <DeliveryNotice onOpenLead={leadLink.show} />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)} className="mt-6">
        <Tabs.List
          aria-label="Lead views"
          className="flex flex-wrap gap-1 border-b border-slate-300"
        >
          {tabs.map(({ id, label, count }) => (
            <Tabs.Trigger key={id} value={id} className={triggerClass}>
              {label}
              {count !== undefined ? (
                <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
                  {formatNumber(count)}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, content }) => (
          <Tabs.Content key={id} value={id} className="pt-6 focus-visible:outline-none">
            {content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {detailUsed && (
        <Suspense fallback={null}>
          <LeadDetailPanel open={leadLink.open} onClose={leadLink.close} />
        </Suspense>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
