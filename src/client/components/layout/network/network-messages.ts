/** What network-canvas.tsx tells network-worker.ts: every message says whether to drift. */
export type NetworkMessage =
  | { type: 'start'; canvas: OffscreenCanvas; width: number; height: number; moving: boolean }
  | { type: 'resize'; width: number; height: number; moving: boolean }
  | { type: 'motion'; moving: boolean };
