// The drifting network of the page's background (spec 2), drawn by network-worker.ts.

const NODE_COUNT = 8;
const LINE_COUNT = 8;
const SPEED_PX_PER_S = 12;

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

/** What network-canvas.tsx tells network-worker.ts: every message says whether to drift. */
export type NetworkMessage =
  | { type: 'start'; canvas: OffscreenCanvas; width: number; height: number; moving: boolean }
  | { type: 'resize'; width: number; height: number; moving: boolean }
  | { type: 'motion'; moving: boolean };

export interface Network {
  width: number;
  height: number;
  nodes: Node[];
  lines: Line[];
  /** Seconds of drift so far: the lines' fade follows it. */
  elapsed: number;
}

/** Positions from a fixed seed so every visit (and the reduced-motion still frame) looks the same. */
function seededRandom(seed: number) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
}

export function createNetwork(width: number, height: number): Network {
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
  return { width, height, nodes, lines, elapsed: 0 };
}

/** Stretches the network: nodes keep their relative places, so a phone's address bar moves none. */
export function resizeNetwork(network: Network, width: number, height: number): void {
  // A network that had no size (its canvas not laid out yet) has no places to keep.
  if (!network.width || !network.height) {
    Object.assign(network, createNetwork(width, height));
    return;
  }
  for (const node of network.nodes) {
    node.x *= width / network.width;
    node.y *= height / network.height;
  }
  network.width = width;
  network.height = height;
}

export function drift(network: Network, seconds: number): void {
  network.elapsed += seconds;
  for (const node of network.nodes) {
    node.x += node.vx * seconds;
    node.y += node.vy * seconds;
    if (node.x < 0 || node.x > network.width) node.vx *= -1;
    if (node.y < 0 || node.y > network.height) node.vy *= -1;
  }
}

export function draw(context: OffscreenCanvasRenderingContext2D, network: Network): void {
  context.clearRect(0, 0, network.width, network.height);
  for (const line of network.lines) {
    const a = network.nodes[line.from];
    const b = network.nodes[line.to];
    if (!a || !b) continue;
    const alpha = 0.08 + 0.22 * (0.5 + 0.5 * Math.sin(line.phase + network.elapsed * 0.6));
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
}
