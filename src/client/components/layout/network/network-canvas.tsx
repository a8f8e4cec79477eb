import { useEffect, useRef } from 'react';
import { whenIdle } from '../../../lib/scheduling';
import type { NetworkMessage } from './network-drawing';

/** A worker draws the drifting network until stopped: still for reduced motion, paused hidden. */
function animateNetwork(canvas: HTMLCanvasElement): () => void {
  const worker = new Worker(new URL('./network-worker.ts', import.meta.url), { type: 'module' });
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const moving = () => !reducedMotion.matches && !document.hidden;
  // One canvas pixel per CSS pixel: faint lines need no more, and 2x screens composite a quarter.
  const size = () => ({ width: canvas.clientWidth, height: canvas.clientHeight });
  const post = (message: NetworkMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);

  const offscreen = canvas.transferControlToOffscreen();
  post({ type: 'start', canvas: offscreen, ...size(), moving: moving() }, [offscreen]);
  const resize = () => post({ type: 'resize', ...size(), moving: moving() });
  const update = () => post({ type: 'motion', moving: moving() });
  window.addEventListener('resize', resize);
  document.addEventListener('visibilitychange', update);
  reducedMotion.addEventListener('change', update);
  return () => {
    worker.terminate();
    window.removeEventListener('resize', resize);
    document.removeEventListener('visibilitychange', update);
    reducedMotion.removeEventListener('change', update);
  };
}

/** A page never idle starts the network this long after hydration all the same. */
const IDLE_START_TIMEOUT_MS = 1000;

/** The decorative background (spec 2): aria-hidden, paused when hidden, still for reduced motion. */
export function NetworkCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // A browser that cannot draw off the main thread (before Safari 16.4) shows no network.
    if (!canvas || !('transferControlToOffscreen' in canvas)) return;
    // Not with hydration's effects: the worker starts once the browser is idle.
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => (stop = animateNetwork(canvas)), IDLE_START_TIMEOUT_MS);
    return () => {
      cancel();
      stop?.();
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="network-canvas"
      className="pointer-events-none fixed inset-0 -z-10 size-full"
    />
  );
}
