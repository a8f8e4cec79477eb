import { useEffect, useRef } from 'react';

const NODE_COUNT = 8;
const LINE_COUNT = 8;
const SPEED_PX_PER_S = 12;
// At 12 px/s, 20 fps looks like 60 for a third of the main thread (no GPU: full repaints).
const FRAME_INTERVAL_MS = 1000 / 20;

interface Node {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

interface Line {
  from: number;
  to: number;
  /** Phase of the fade in radians; the alpha follows a sine so lines fade in and out. */
  phase: number;
}

/** Positions from a fixed seed so every visit (and the reduced-motion still frame) looks the same. */
function seededRandom(seed: number) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
}

function createNetwork(width: number, height: number) {
  const random = seededRandom(42);
  const nodes: Node[] = Array.from({ length: NODE_COUNT }, () => {
    const angle = random() * Math.PI * 2;
    return {
      x: random() * width,
      y: random() * height,
      vx: Math.cos(angle) * SPEED_PX_PER_S,
      vy: Math.sin(angle) * SPEED_PX_PER_S,
    };
  });
  const lines: Line[] = Array.from({ length: LINE_COUNT }, (_, i) => ({
    from: i,
    to: (i + 1 + Math.floor(random() * (NODE_COUNT - 1))) % NODE_COUNT,
    phase: random() * Math.PI * 2,
  }));
  return { nodes, lines };
}

/** Runs `callback` once the main thread is idle (or after a second at the latest). */
function whenIdle(callback: () => void): { cancel: () => void } {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 1000 });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const handle = setTimeout(callback, 1000);
  return { cancel: () => clearTimeout(handle) };
}

/**
 * Draws the network on `canvas` and lets it drift until the returned function stops it: still
 * for reduced motion, paused while the page is hidden.
 */
function animateNetwork(canvas: HTMLCanvasElement): () => void {
  const context = canvas.getContext('2d');
  if (!context) return () => undefined;

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let width = 0;
  let height = 0;
  let network = createNetwork(1, 1);
  let frame = 0;
  let last = 0;
  let elapsed = 0;

  const resize = () => {
    // One canvas pixel per CSS pixel, even on dense screens: the faint decorative lines need
    // no sharper backing store, and it is a quarter of the pixels to repaint at 2x.
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = width;
    canvas.height = height;
    network = createNetwork(width, height);
    draw();
  };

  const draw = () => {
    context.clearRect(0, 0, width, height);
    for (const line of network.lines) {
      const a = network.nodes[line.from];
      const b = network.nodes[line.to];
      if (!a || !b) continue;
      const alpha = 0.08 + 0.22 * (0.5 + 0.5 * Math.sin(line.phase + elapsed * 0.6));
      context.strokeStyle = `rgba(34, 211, 238, ${alpha.toFixed(3)})`;
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
    context.fillStyle = 'rgba(103, 232, 249, 0.55)';
    for (const node of network.nodes) {
      context.beginPath();
      context.arc(node.x, node.y, 3, 0, Math.PI * 2);
      context.fill();
    }
  };

  const step = (now: number) => {
    frame = requestAnimationFrame(step);
    if (last && now - last < FRAME_INTERVAL_MS) return;
    const dt = last ? Math.min((now - last) / 1000, 0.1) : 0;
    last = now;
    elapsed += dt;
    for (const node of network.nodes) {
      node.x += node.vx * dt;
      node.y += node.vy * dt;
      if (node.x < 0 || node.x > width) node.vx *= -1;
      if (node.y < 0 || node.y > height) node.vy *= -1;
    }
    draw();
  };

  const start = () => {
    if (frame || reducedMotion.matches || document.hidden) return;
    last = 0;
    frame = requestAnimationFrame(step);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    frame = 0;
  };
  const update = () => (reducedMotion.matches || document.hidden ? stop() : start());

  resize();
  start();
  window.addEventListener('resize', resize);
  document.addEventListener('visibilitychange', update);
  reducedMotion.addEventListener('change', update);
  return () => {
    stop();
    window.removeEventListener('resize', resize);
    document.removeEventListener('visibilitychange', update);
    reducedMotion.removeEventListener('change', update);
  };
}

/** The decorative background (spec 2): aria-hidden, paused when hidden, still for reduced motion. */
export function NetworkCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Not with hydration's effects: the first frame (a 2D context, its backing store and a full
    // repaint) was most of that task on a slow phone. It runs once the browser is idle, in a task
    // of its own (issue 23).
    let stop: (() => void) | undefined;
    const idle = whenIdle(() => (stop = animateNetwork(canvas)));
    return () => {
      idle.cancel();
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
