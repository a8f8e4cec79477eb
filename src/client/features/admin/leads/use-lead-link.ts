import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LeadKind } from '@shared/lead-status';

const KINDS: readonly LeadKind[] = ['candidate', 'company'];

/** Set in the history entry the dashboard pushes, so closing can step back over it. */
interface OpenedHere {
  leadOpenedFromList?: true;
}

/** The open detail is in the URL (/admin?candidate=<id>): linkable, reloadable, Back closes. */
export function useLeadLink() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const kind = KINDS.find((each) => /^[1-9]\d{0,15}$/.test(params.get(each) ?? ''));
  const open = kind ? { kind, id: Number(params.get(kind)) } : null;

  const openedHere = Boolean((location.state as OpenedHere | null)?.leadOpenedFromList);

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
