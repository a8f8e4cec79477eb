import { memo, Suspense, use, useCallback, useEffect, useRef, type ComponentType } from 'react';
import { takeHeldSubmit } from '../../lib/held-input';
import { afterNextPaint, nextTask, whenIdle } from '../../lib/scheduling';
import { session, type SessionKey } from '../../lib/session-keys';
import { useHydrated } from '../../lib/use-hydrated';

let foundations: Promise<void> | undefined;

/** What every form is built on, each in a task of its own: together they block a phone. */
const loadFormFoundations = () =>
  (foundations ??= import('../../lib/zod-resolver')
    .then(nextTask)
    .then(() => import('@shared/schemas/fields'))
    .then(nextTask));

const loaders: Array<() => Promise<void>> = [];

/** Also loads `load` before the server renders a page (/contact's tabs opened by a query). */
export function preloadWhenPreRendering(load: () => Promise<void>): void {
  loaders.push(load);
}

/** Loads every lazy form's code: before pre-rendering, and before hydrating a page with state. */
export async function preloadLazyForms(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

// Signs of a coming use: a mouse hovers first; a finger's pointer events come with the tap itself.
const INTENT_EVENTS = ['focusin', 'input', 'keydown', 'pointerover'] as const;

/** A page never idle loads its forms' code this long after hydration all the same. */
const IDLE_LOAD_TIMEOUT_MS = 3000;

// A form whose code (~27 KB gzip) is not in the first load: it loads once the page is idle, or at
// the first focus, hover or key in its server HTML; typed text is kept, an early submit replayed.
export function lazyForm<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  /** Load at once after hydration when one of these holds a value to prefill. */
  prefilledFrom: readonly SessionKey[] = [],
) {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= loadFormFoundations()
      .then(load)
      .then((component) => {
        Loaded = component;
      }));
  loaders.push(preload);

  let activate = () => {};
  // The focus or key that shows intent is painted first; the code's loading follows.
  const activated = new Promise<void>((resolve) => {
    activate = resolve;
  })
    .then(afterNextPaint)
    .then(preload);

  function Content({ formProps, onLive }: { formProps: Props; onLive: () => void }) {
    const hydrated = useHydrated();
    useEffect(onLive, [onLive]); // hooks first: `use` below may suspend this render
    if (!Loaded) use(hydrated ? preload() : activated);
    const Form = Loaded as ComponentType<Props>;
    return <Form {...formProps} />;
  }

  return memo(function LazyForm(props: Props) {
    const container = useRef<HTMLDivElement>(null);
    const live = useRef(false);
    const pendingSubmit = useRef<HTMLFormElement | null>(null);
    const onLive = useCallback(() => {
      live.current = true;
      const form = pendingSubmit.current;
      pendingSubmit.current = null;
      form?.requestSubmit();
    }, []);

    useEffect(() => {
      const element = container.current;
      if (!element) return;
      // A submit held while the page hydrated is replayed: now if live, else once its code is.
      const held = takeHeldSubmit(element);
      if (live.current) {
        held?.requestSubmit();
        return;
      }
      // The code loads once the page is idle (sooner at a sign of use), so a tap finds the form
      // live: on server HTML a tap costs React's attempts to hydrate, a first key waits.
      let cancelIdle: (() => void) | undefined;
      if (prefilledFrom.some((key) => session.get(key) !== null)) activate();
      else cancelIdle = whenIdle(activate, IDLE_LOAD_TIMEOUT_MS);
      // React stops the propagation of events aimed at server HTML it has not hydrated yet,
      // so the form listens on the document, in the capture phase, before React does.
      const inForm = (event: Event) =>
        event.target instanceof Node && element.contains(event.target);
      const onIntent = (event: Event) => {
        const touch = event instanceof PointerEvent && event.pointerType !== 'mouse';
        if (!touch && inForm(event)) activate();
      };
      // A submit before the form is live is held, and replayed once react-hook-form has it.
      const onSubmit = (event: Event) => {
        if (live.current || !inForm(event)) return;
        event.preventDefault();
        pendingSubmit.current = event.target as HTMLFormElement;
        activate();
      };
      const options = { capture: true, passive: true };
      for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
      document.addEventListener('submit', onSubmit, { capture: true });
      // Focus already inside (the page is usable while it hydrates) is intent too.
      if (element.contains(document.activeElement)) activate();
      if (held) {
        pendingSubmit.current = held;
        activate();
      }
      return () => {
        cancelIdle?.();
        for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
        document.removeEventListener('submit', onSubmit, { capture: true });
      };
    }, []);

    return (
      <div ref={container} className="contents">
        <Suspense fallback={null}>
          <Content formProps={props} onLive={onLive} />
        </Suspense>
      </div>
    );
  }, sameValues);
}

// An update reaching a still-dehydrated boundary discards its server HTML, so the form
// re-renders only when a non-function prop changes: its callbacks must not depend on state.
function sameValues<Props extends object>(previous: Props, next: Props): boolean {
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  return [...keys].every((key) => {
    const a = previous[key as keyof Props];
    const b = next[key as keyof Props];
    return a === b || (typeof a === 'function' && typeof b === 'function');
  });
}
