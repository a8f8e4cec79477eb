import type { ComponentProps } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';

/** The admin's menus' panel, in a portal above the dashboard's bars. */
export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={4}
        className={clsx(
          'z-30 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';
