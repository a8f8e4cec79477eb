import { useCallback } from 'react';

const controls = 'button, a[href], input, select, textarea';
/** Focus events a list inside another has taken: the innermost list keeps its own place. */
const taken = new WeakSet<FocusEvent>();

/**
 * When an action takes the focused control away, a focus left on the body goes to the first
 * control of the row (`rows`) now in its row's place, else to `fallback`. The ref goes on the
 * element holding them all.
 */
export function useKeepFocus(rows: string, fallback: string) {
  return useCallback(
    (root: HTMLElement | null) => {
      if (!root) return;
      const rowsNow = () => [...root.querySelectorAll(rows)];
      let last: { control: Element; index: number } | undefined;
      const onFocus = (event: FocusEvent) => {
        const { target } = event;
        if (!(target instanceof Element) || taken.has(event)) {
          last = undefined;
          return;
        }
        taken.add(event);
        const row = target.closest(rows);
        last = { control: target, index: row ? rowsNow().indexOf(row) : -1 };
      };
      const observer = new MutationObserver(() => {
        if (!last || last.control.isConnected || document.activeElement !== document.body) return;
        const row = rowsNow()[last.index];
        last = undefined;
        const next =
          row?.querySelector<HTMLElement>(controls) ?? root.querySelector<HTMLElement>(fallback);
        // Not scrolled to when on screen: a tall table would scroll the bulk bar's result away.
        const box = next?.getBoundingClientRect();
        next?.focus({ preventScroll: box && box.top < innerHeight && box.bottom > 0 });
      });
      root.addEventListener('focusin', onFocus);
      observer.observe(root, { childList: true, subtree: true });
      return () => {
        root.removeEventListener('focusin', onFocus);
        observer.disconnect();
      };
    },
    [rows, fallback],
  );
}
