import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { leadKindSchema, type LeadKind } from '@shared/lead-status';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, LogOut, RefreshCw } from 'lucide-react';
import { loadCode } from '../../lib/load-code';
import { toast } from '../../lib/toast-store';
import { adminToasts } from './ui/admin-toasts';
import { exportList, refreshLeads, useDeleteLead, useTabCounts } from './api/leads';
import { usePrefetchDrawer } from './api/lead-detail';
import { useCan, useLogout } from './api/session';
import { accountPageId, accountPages, type AccountPage } from './account-menu';
import { BoardTab } from './board-tab';
import { DashboardBar, type BarAction } from './dashboard-bar';
import { AccountsTab } from './accounts/accounts-tab';
import { AuditTab } from './accounts/audit-tab';
import { SessionsPanel } from './accounts/sessions-panel';
import type { RowActions } from './leads/columns';
import { ConfirmDialog, type ConfirmRequest } from './ui/confirm-dialog';
import { DataRequestsTab } from './people/data-requests-tab';
import { DeliveryNotice } from './insights/delivery-notice';
import { LeadsTab } from './leads/leads-tab';
import { useFormEmail } from './leads/status-message-offer';
import { OverviewTab } from './insights/overview-tab';
import { QuarantineTab, useQuarantine } from './leads/quarantine-tab';
import { SecurityPanel } from './accounts/security-panel';
import { AvailabilitySection } from './settings/availability-section';
import { ConfigurationPanel } from './settings/configuration-panel';
import { MessageTemplatesSection } from './settings/message-templates-section';
import { ScreeningSection } from './settings/screening-section';
import { leadTabIds, leadTabs } from './leads/tabs';
import { addressBar, FIRST_TAB, searchState, useDashboardUrl } from './leads/list-url';
import { useAutoRefresh } from './use-auto-refresh';
import { formatNumber } from './ui/format';

const KINDS = leadKindSchema.enum;

function withoutLead() {
  const next = addressBar();
  for (const each of KINDS) next.delete(each);
  return next;
}

/**
 * A sign-out (a 401 too), or Back to an entry the dashboard wrote (key not 'default'), takes the
 * open lead out of the URL and the search out of the entry's state: the next person at the screen
 * sees neither. A link followed while signed out still opens after sign-in.
 */
export function useUrlForgetsPeopleAtSignOut(signedIn: boolean | undefined) {
  const [, setParams] = useSearchParams();
  const { key, state } = useLocation();
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (signedIn === false && (wasSignedIn.current || key !== 'default')) {
      const next = withoutLead();
      const kept = next.toString() === addressBar().toString() && !searchState(state).q;
      if (!kept) setParams(next, { replace: true });
    }
    wasSignedIn.current = signedIn;
  }, [signedIn, key, state, setParams]);
}

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
  // The list's search, kept in the entries the lead's opening and closing write.
  const { q } = searchState(location.state);

  const show = useCallback(
    (kind: LeadKind, id: number) => {
      const next = withoutLead();
      next.set(kind, String(id));
      // Opening one lead from another's detail replaces it: Back returns to the list.
      setParams(next, { state: { q, leadOpenedFromList: true }, replace: openedHere });
    },
    [setParams, openedHere, q],
  );

  // Opened from the list: step back, so Back after closing does not reopen it.
  const close = useCallback(
    () =>
      openedHere ? void navigate(-1) : setParams(withoutLead(), { replace: true, state: { q } }),
    [openedHere, navigate, setParams, q],
  );

  return { open, show, close };
}

// The detail (its forms, field labels and react-hook-form) is its own chunk, loaded as the
// dashboard shows: a click then waits for neither it nor React's throttled Suspense reveal.
const LeadDetailPanel = lazy(() => loadCode(() => import('./leads/detail/lead-detail')));

// One row that scrolls sideways within itself on a narrow screen: it never wraps.
const triggerClass =
  'shrink-0 whitespace-nowrap rounded-t-md border-b-2 border-transparent px-2.5 py-2.5 text-sm font-semibold md:py-1.5 text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong data-[state=active]:border-accent-strong data-[state=active]:text-slate-900';

// The spec's caption stays; what the tab holds beyond it (the /apply form's other ways in).
const candidatesNote = 'It also holds the applicants who came through /training and /contact.';

/** The signed-in dashboard (spec section 2); just signed in (`takeFocus`), its heading takes the
    focus, where a keyboard's way starts. */
export function Dashboard({ takeFocus }: { takeFocus: boolean }) {
  const client = useQueryClient();
  // The tab and its list's search, filters and sort are in the URL: a reload keeps them.
  const { tab: linked, setTab, filter, setFilter } = useDashboardUrl();
  const counts = useTabCounts();
  const canWork = useCan('work');
  const canManage = useCan('manage');
  const quarantine = useQuarantine(canWork);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const refresh = useMutation({
    mutationFn: () => refreshLeads(client),
    onSuccess: () => toast(adminToasts.refreshed),
  });
  const logout = useLogout();
  const deleteLead = useDeleteLead();
  const formEmail = useFormEmail();
  const leadLink = useLeadLink();
  // A link to a lead asks for it beside the chunk, not after it.
  usePrefetchDrawer(leadLink.open);
  const leadTab = leadTabIds.find((id) => id === linked) ?? null;
  const onSearch = useCallback(
    (q: string) => setFilter({ ...filter, q, offset: 0 }),
    [filter, setFilter],
  );

  useAutoRefresh(client);

  const exportCsv = async () => {
    if (!leadTab)
      return toast(adminToasts.nothingToExport(linked === 'overview' ? 'on Insights' : 'here'));
    if (!(await exportList(client, leadTab, filter))) toast(adminToasts.noData);
  };

  const actions: RowActions = {
    canWork,
    openDetail: leadLink.show,
    sendingId: formEmail.busyId,
    sendEmail: formEmail.open,
    remove: (kind, id) =>
      setConfirm({
        title: `Delete ${kind} submission`,
        message: `Are you sure you want to delete this ${kind} submission?`,
        confirmLabel: 'Delete',
        onConfirm: () => deleteLead.mutate({ kind, id }),
      }),
  };

  const toolbar: BarAction[] = [
    { label: 'Refresh', Icon: RefreshCw, run: () => refresh.mutate(), busy: refresh.isPending },
    ...(canWork
      ? [{ label: 'Export to CSV', Icon: Download, run: () => void exportCsv(), busy: false }]
      : []),
    { label: 'Logout', Icon: LogOut, run: () => logout.mutate(), busy: logout.isPending },
  ];

  // `shown`: what the account's role allows (the server refuses the rest).
  const allTabs = [
    ...leadTabIds.map((id) => ({
      id,
      label: leadTabs[id].label,
      count: counts[id],
      shown: true,
      content: (
        <>
          {id === 'candidates' && <p className="mb-3 text-sm text-slate-600">{candidatesNote}</p>}
          <LeadsTab tab={id} filter={filter} onFilterChange={setFilter} actions={actions} />
        </>
      ),
    })),
    {
      id: 'quarantine',
      label: 'Quarantine',
      count: quarantine.data?.total,
      content: <QuarantineTab filter={filter} onFilterChange={setFilter} onConfirm={setConfirm} />,
      shown: canWork,
    },
    { id: 'board', label: 'Board', content: <BoardTab onOpen={leadLink.show} /> },
    { id: 'overview', label: 'Insights', content: <OverviewTab /> },
    // The people's own requests: their data, its erasure.
    {
      id: 'dataRequests',
      label: 'People',
      content: <DataRequestsTab onConfirm={setConfirm} />,
      shown: canWork,
    },
    {
      id: 'accounts',
      label: 'Accounts',
      content: <AccountsTab onConfirm={setConfirm} />,
      shown: canManage,
    },
    {
      id: 'audit',
      label: 'Audit',
      content: <AuditTab filter={filter} onFilterChange={setFilter} onOpenLead={leadLink.show} />,
      shown: canManage,
    },
    // Deployment settings and status messages: not the marketer's figures.
    {
      id: 'settings',
      label: 'Settings',
      content: (
        <div className="grid gap-8">
          {canManage && <ConfigurationPanel />}
          <MessageTemplatesSection />
          <AvailabilitySection />
          {canManage && <ScreeningSection />}
        </div>
      ),
      shown: canWork,
    },
  ];
  const tabs = allTabs.filter(({ shown = true }) => shown);
  // A panel takes the focus from its tab's Tab key and from the account menu: it shows it.
  const panelClass =
    'pt-6 md:pt-3 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-strong';
  // A link to a view this account cannot see opens the first.
  const views: string[] = [...tabs.map(({ id }) => id), ...Object.keys(accountPages)];
  const tab = views.includes(linked) ? linked : FIRST_TAB;
  return (
    <div className="px-4 py-8 sm:px-6 md:py-3 lg:px-8">
      <DashboardBar
        search={leadTab && { tab: leadTab, value: filter.q, onSearch }}
        actions={toolbar}
        onAccountPage={setTab}
        takeFocus={takeFocus}
      />
      <DeliveryNotice onOpenLead={leadLink.show} />
      <Tabs.Root value={tab} onValueChange={setTab} className="mt-4 md:mt-2">
        <Tabs.List
          aria-label="Dashboard"
          className="flex overflow-x-auto border-b border-slate-300"
        >
          {tabs.map(({ id, label, count }) => (
            <Tabs.Trigger key={id} value={id} className={triggerClass}>
              {label}
              {count !== undefined ? (
                <span className="ml-1.5 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">
                  {formatNumber(count)}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, content }) => (
          <Tabs.Content key={id} value={id} className={panelClass}>
            {content}
          </Tabs.Content>
        ))}
        {/* The account's own pages: no tab of their own, the account menu opens them. */}
        {Object.entries(accountPages).map(([page, label]) => (
          <Tabs.Content
            key={page}
            value={page}
            id={accountPageId(page as AccountPage)}
            aria-labelledby={undefined}
            aria-label={label}
            className={panelClass}
          >
            {page === 'security' ? <SecurityPanel /> : <SessionsPanel />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {/* Always mounted: it closes itself and returns the focus. */}
      <Suspense fallback={null}>
        <LeadDetailPanel open={leadLink.open} onClose={leadLink.close} />
      </Suspense>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      {formEmail.dialog}
    </div>
  );
}
