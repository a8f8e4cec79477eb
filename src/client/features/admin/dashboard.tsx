import { useMemo, useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { Download, LogOut, MonitorX, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { adminToasts } from './admin-toasts';
import { refreshLeads, useDeleteLead, useSendFormEmail, useTabCounts } from './api/leads';
import { useSignOutEverywhere } from './api/account';
import { useLogout } from './api/session';
import type { RowActions } from './columns';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { DataRequestsTab } from './data-requests-tab';
import { LazyLeadDetail } from './lazy-lead-detail';
import { LeadsTab } from './leads-tab';
import { OverviewTab } from './overview-tab';
import { useQuarantine } from './api/quarantine';
import { QuarantineTab } from './quarantine-tab';
import { useAutoRefresh } from './use-auto-refresh';
import { DeliveryNotice } from './delivery-notice';
import { useLeadLink } from './use-lead-link';
import {
  exportUrl,
  isLeadTab,
  leadTabIds,
  leadTabs,
  type LeadTabId,
  type TabFilter,
  type TabId,
} from './tabs';

const initialFilters = Object.fromEntries(
  leadTabIds.map((id) => [id, { q: '', offset: 0, status: '' }]),
) as Record<LeadTabId, TabFilter>;

const deleteQuestion = {
  candidate: 'Are you sure you want to delete this candidate submission?',
  company: 'Are you sure you want to delete this company submission?',
} as const;

const numberFormat = new Intl.NumberFormat('en-US');

const triggerClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong data-[state=active]:border-accent-strong data-[state=active]:text-slate-900';

/**
 * The signed-in dashboard (spec section 2): the four lead tabs, opening on Typeform Leads,
 * then the Overview, the Quarantine (issue 11) and Data requests (issue 13); Refresh, Export to CSV and Logout always shown; auto-refresh every 30 s.
 */
export function Dashboard() {
  const client = useQueryClient();
  const [tab, setTab] = useState<TabId>('questionnaireLeads');
  const [filters, setFilters] = useState(initialFilters);
  // The rows each tab's current search finds (Export says 'No Data' when there are none).
  const [totals, setTotals] = useState<Partial<Record<LeadTabId, number>>>({});
  const counts = useTabCounts();
  const quarantine = useQuarantine();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const logout = useLogout();
  const signOutEverywhere = useSignOutEverywhere();
  const deleteLead = useDeleteLead();
  const sendEmail = useSendFormEmail();
  const leadLink = useLeadLink();

  useAutoRefresh(client);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshLeads(client);
      toast(adminToasts.refreshed);
    } finally {
      setRefreshing(false);
    }
  };

  const exportCsv = () => {
    if (!isLeadTab(tab) || !totals[tab]) {
      toast(
        isLeadTab(tab)
          ? adminToasts.noData
          : tab === 'dataRequests'
            ? adminToasts.nothingToExportHere
            : adminToasts.nothingToExport,
      );
      return;
    }
    // The server names the file <tab>-YYYY-MM-DD.csv and streams the whole tab.
    const link = document.createElement('a');
    link.href = exportUrl(tab, filters[tab]);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  const actions: RowActions = {
    openDetail: leadLink.show,
    sendingId: sendEmail.isPending ? (sendEmail.variables ?? null) : null,
    sendEmail: ({ id }) => sendEmail.mutate(id),
    remove: (kind, id) =>
      setConfirm({
        title: kind === 'company' ? 'Delete company submission' : 'Delete candidate submission',
        message: deleteQuestion[kind],
        confirmLabel: 'Delete',
        onConfirm: () => deleteLead.mutate({ kind, id }),
      }),
  };

  // Stable per-tab callbacks, so the tabs' effects run only when something changed.
  const handlers = useMemo(
    () =>
      Object.fromEntries(
        leadTabIds.map((id) => [
          id,
          {
            setFilter: (filter: TabFilter) =>
              setFilters((current) => ({ ...current, [id]: filter })),
            setTotal: (total: number) =>
              setTotals((current) =>
                current[id] === total ? current : { ...current, [id]: total },
              ),
          },
        ]),
      ) as Record<LeadTabId, { setFilter(filter: TabFilter): void; setTotal(total: number): void }>,
    [],
  );

  const tabs: { id: TabId; label: string; count?: number | undefined; content: ReactNode }[] = [
    ...leadTabIds.map((id) => ({
      id,
      label: leadTabs[id].label,
      count: counts[id],
      content: (
        <LeadsTab
          tab={id}
          filter={filters[id]}
          onFilterChange={handlers[id].setFilter}
          onTotal={handlers[id].setTotal}
          actions={actions}
        />
      ),
    })),
    { id: 'overview', label: 'Overview', content: <OverviewTab /> },
    {
      id: 'quarantine',
      label: 'Quarantine',
      count: quarantine.data?.total,
      content: <QuarantineTab onConfirm={setConfirm} />,
    },
    {
      id: 'dataRequests',
      label: 'Data requests',
      content: <DataRequestsTab onConfirm={setConfirm} />,
    },
  ];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Lead Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Refresh
          </Button>
          <Button variant="outline" size="sm" onClick={exportCsv}>
            <Download className="size-4" aria-hidden="true" />
            Export to CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => signOutEverywhere.mutate()}
            disabled={signOutEverywhere.isPending}
          >
            <MonitorX className="size-4" aria-hidden="true" />
            Sign out everywhere
          </Button>
          <Button
            variant="dark"
            size="sm"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
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
                  {numberFormat.format(count)}
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
      <LazyLeadDetail open={leadLink.open} onClose={leadLink.close} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
