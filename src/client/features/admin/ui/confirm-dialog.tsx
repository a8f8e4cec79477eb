import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';

export interface ConfirmRequest {
  title: string;
  /** The spec's question, verbatim. */
  message: string;
  confirmLabel: string;
  /** 'destructive' unless the action is not (a board's move). */
  confirmVariant?: 'dark';
  onConfirm(): void;
  /** False keeps the dialog open (its form shows why). */
  canConfirm?(): boolean;
  /** A second way forward beside the confirmation (a status change without its message). */
  alternative?: { label: string; onSelect(): void } | undefined;
}

/** Opened from state (no Dialog.Trigger): the element focused on opening gets the focus back. */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
      opener.current = null;
    },
  };
}

/** A confirmation; the focus returns to the opener or where `afterClose` puts it. */
export function ConfirmDialog({
  request,
  onClose,
  afterClose,
  wide = false,
  children,
}: {
  request: ConfirmRequest | null;
  onClose(): void;
  afterClose?: () => void;
  wide?: boolean;
  children?: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  const onCloseAutoFocus = (event: Event) => {
    if (!afterClose) return returnFocus.onCloseAutoFocus(event);
    event.preventDefault();
    afterClose();
  };
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl focus-visible:outline-none',
            wide ? 'max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto' : 'max-w-md',
          )}
        >
          <Dialog.Title className="text-xl font-semibold">{request?.title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700">
            {request?.message}
          </Dialog.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            {request?.alternative && (
              <Button
                variant="outline"
                onClick={() => {
                  onClose();
                  request.alternative?.onSelect();
                }}
              >
                {request.alternative.label}
              </Button>
            )}
            <Button
              variant={request?.confirmVariant ?? 'destructive'}
              onClick={() => {
                if (request?.canConfirm?.() === false) return;
                onClose();
                request?.onConfirm();
              }}
            >
              {request?.confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
