// Draws the drifting network off the main thread, so its frames never delay a tap or a key.
import {
  createNetwork,
  draw,
  drift,
  resizeNetwork,
  type Network,
  type NetworkMessage,
} from './network-drawing';

// At 12 px/s, 20 fps looks like 60 for a third of the frames to draw and composite.
const FRAME_INTERVAL_MS = 1000 / 20;

let context: OffscreenCanvasRenderingContext2D | null = null;
let network: Network = createNetwork(1, 1);
let timer: ReturnType<typeof setTimeout> | undefined;
let last = 0;

function frame() {
  const now = performance.now();
  // At most a tenth of a second at once: a late frame does not make the nodes jump.
  drift(network, Math.min((now - last) / 1000, 0.1));
  last = now;
  if (context) draw(context, network);
  timer = setTimeout(frame, FRAME_INTERVAL_MS);
}

function setMoving(moving: boolean) {
  clearTimeout(timer);
  timer = undefined;
  if (!moving) return;
  last = performance.now();
  timer = setTimeout(frame, FRAME_INTERVAL_MS);
}

addEventListener('message', (event: MessageEvent<NetworkMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    context = message.canvas.getContext('2d');
    network = createNetwork(message.width, message.height);
  } else if (message.type === 'resize') resizeNetwork(network, message.width, message.height);
  if (message.type !== 'motion' && context) {
    Object.assign(context.canvas, { width: message.width, height: message.height });
    draw(context, network);
  }
  setMoving(message.moving);
});
