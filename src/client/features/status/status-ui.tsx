import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/* The status page's building block: one action's form. */

/** One action: a form with the lead's name and one button. */
export function ActionForm({
  action,
  lead,
  label,
  variant = 'outline',
  children,
}: {
  action: string;
  lead: string;
  label: string;
  variant?: 'outline' | 'destructive';
  children?: ReactNode;
}) {
  return (
    <form method="post" action={action} className="grid gap-3" data-plain-post>
      <input type="hidden" name="lead" value={lead} />
      {children}
      <div>
        <Button type="submit" variant={variant}>
          {label}
        </Button>
      </div>
    </form>
  );
}
