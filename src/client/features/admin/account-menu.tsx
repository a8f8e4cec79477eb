import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ChevronDown,
  CircleUserRound,
  MonitorSmartphone,
  MonitorX,
  ShieldCheck,
} from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useSignOutEverywhere } from './api/accounts';
import { useAccount } from './api/session';
import { MenuContent, menuItemClass } from './ui/menu';

/** The signed-in account's own pages, shown in the dashboard's place when chosen in the menu. */
export const accountPages = { security: 'Security', sessions: 'Your sessions' } as const;
export type AccountPage = keyof typeof accountPages;
export const accountPageId = (page: AccountPage) => `admin-account-${page}`;

const icon = { className: 'size-4', 'aria-hidden': true } as const;
const itemClass = `${menuItemClass} data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-accent-strong`;

export function AccountMenu({ onOpen }: { onOpen(page: AccountPage): void }) {
  const account = useAccount();
  const signOutEverywhere = useSignOutEverywhere();
  // A page chosen from the menu takes the focus, rather than the menu's button taking it back.
  const chosen = useRef<AccountPage | null>(null);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm">
          <CircleUserRound {...icon} />
          <span className="sr-only">Account: </span>
          <span className="max-w-40 truncate">{account?.name ?? 'Account'}</span>
          <ChevronDown {...icon} />
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent
        align="end"
        className="min-w-52"
        onCloseAutoFocus={(event) => {
          if (!chosen.current) return;
          event.preventDefault();
          document.getElementById(accountPageId(chosen.current))?.focus();
          chosen.current = null;
        }}
      >
        {account?.email ? (
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">
            {account.email}
          </DropdownMenu.Label>
        ) : null}
        {Object.entries(accountPages).map(([page, label]) => (
          <DropdownMenu.Item
            key={page}
            className={itemClass}
            onSelect={() => {
              chosen.current = page as AccountPage;
              onOpen(page as AccountPage);
            }}
          >
            {page === 'security' ? <ShieldCheck {...icon} /> : <MonitorSmartphone {...icon} />}
            {label}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Item className={itemClass} onSelect={() => signOutEverywhere.mutate()}>
          <MonitorX {...icon} />
          Sign out everywhere
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
