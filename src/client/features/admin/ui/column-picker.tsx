import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Columns3 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MenuContent, menuItemClass } from './menu';

/** The extra columns a list shows, by header, remembered in this browser per `list`. */
export function useExtraColumns(list: string) {
  const key = `admin.columns.${list}`;
  const [shown, setShown] = useState<readonly string[]>(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return Array.isArray(stored) ? stored.filter((one) => typeof one === 'string') : [];
    } catch {
      return [];
    }
  });
  const toggle = (header: string) => {
    const next = shown.includes(header)
      ? shown.filter((one) => one !== header)
      : [...shown, header];
    setShown(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  return { shown, toggle };
}

/** A menu of the columns a list can add (arrow keys move, Space or Enter ticks; it stays open). */
export function ColumnPicker({
  headers,
  shown,
  onToggle,
}: {
  headers: readonly string[];
  shown: readonly string[];
  onToggle(header: string): void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className="h-11 md:h-9">
          <Columns3 className="size-4" aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="max-h-[70vh] min-w-56 overflow-y-auto">
        <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-slate-600">
          More columns
        </DropdownMenu.Label>
        {headers.map((header) => (
          <DropdownMenu.CheckboxItem
            key={header}
            checked={shown.includes(header)}
            onCheckedChange={() => onToggle(header)}
            // Ticking several in a row: the menu stays open.
            onSelect={(event) => event.preventDefault()}
            className={menuItemClass}
          >
            <span className="inline-flex size-4 items-center justify-center">
              <DropdownMenu.ItemIndicator>
                <Check className="size-4" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </span>
            {header}
          </DropdownMenu.CheckboxItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
