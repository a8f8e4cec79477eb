// Makes the link-preview images (public/share/*.png, 1200×630) and the square logo from the
// texts in src/client/app/share-images.ts, by screenshotting an HTML template in Chromium.
// Run after changing those texts: `npm run make:share-images`; commit the PNGs.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { escapeHtml } from '../src/shared/escape-html';
import { LOGO_PATH } from '../src/client/app/structured-data';
import {
  SHARE_IMAGE_SIZE,
  shareImages,
  type Audience,
  type ShareImage,
} from '../src/client/app/share-images';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Facebook accepts up to 8 MB, but small files unfurl faster; the limit keeps them honest. */
const MAX_BYTES = 150 * 1024;

/** The brand monogram of brand-mark.tsx and favicon.svg. */
const MONOGRAM = `<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="8" fill="#050d1d"/><path d="M9 20 L16 11 L23 20" stroke="#22d3ee" stroke-width="2.5" fill="none"/><circle cx="9" cy="20" r="3" fill="#22d3ee"/><circle cx="16" cy="11" r="3" fill="#f8fafc"/><circle cx="23" cy="20" r="3" fill="#22d3ee"/></svg>`;

/** A fixed network of nodes and links, like the site's animated canvas background. */
function network(): string {
  const nodes = [
    [820, 90],
    [1010, 150],
    [1130, 60],
    [900, 260],
    [1090, 330],
    [960, 470],
    [1150, 520],
    [780, 560],
  ] as const;
  const links = [
    [0, 1],
    [1, 2],
    [1, 3],
    [3, 4],
    [4, 6],
    [3, 5],
    [5, 6],
    [5, 7],
  ] as const;
  const line = ([a, b]: readonly [number, number]) => {
    const [x1, y1] = nodes[a]!;
    const [x2, y2] = nodes[b]!;
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#22d3ee" stroke-opacity="0.35" stroke-width="3"/>`;
  };
  const dot = ([x, y]: readonly [number, number], i: number) =>
    `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 12 : 8}" fill="${i % 2 ? '#22d3ee' : '#f8fafc'}" fill-opacity="0.85"/>`;
  return `<svg class="net" width="1200" height="630" xmlns="http://www.w3.org/2000/svg">${links.map(line).join('')}${nodes.map(dot).join('')}</svg>`;
}

const ACCENT: Record<Audience, string> = {
  candidates: '#22d3ee',
  companies: '#f59e0b',
  everyone: '#67e8f9',
};

function shareCard(audience: Audience, image: ShareImage): string {
  return `<!doctype html><html><head><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${SHARE_IMAGE_SIZE.width}px; height: ${SHARE_IMAGE_SIZE.height}px; overflow: hidden;
    /* Flat colours: a gradient triples the PNG's size. */
    background: #0b1f3a;
    font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; color: #f8fafc; position: relative; }
  .net { position: absolute; inset: 0; }
  .text { position: absolute; left: 80px; top: 0; bottom: 0; width: 720px;
    display: flex; flex-direction: column; justify-content: center; gap: 32px; }
  .mark { width: 88px; height: 88px; }
  h1 { font-size: 68px; line-height: 1.08; font-weight: 700; letter-spacing: -1px; }
  p { font-size: 32px; line-height: 1.35; color: #cbd5e1; }
  .bar { width: 120px; height: 8px; border-radius: 4px; background: ${ACCENT[audience]}; }
</style></head><body>${network()}<div class="text">
  <div class="mark">${MONOGRAM}</div>
  <h1>${escapeHtml(image.headline)}</h1>
  <div class="bar"></div>
  <p>${escapeHtml(image.subline)}</p>
</div></body></html>`;
}

const logo = `<!doctype html><html><head><style>* { margin: 0; } body { width: 512px; height: 512px; }
  svg { display: block; width: 512px; height: 512px; }</style></head><body>${MONOGRAM}</body></html>`;

async function main() {
  await mkdir(path.join(publicDir, 'share'), { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    const shots: [file: string, html: string, size: { width: number; height: number }][] = [
      ...(Object.entries(shareImages) as [Audience, ShareImage][]).map(
        ([audience, image]) =>
          [image.path, shareCard(audience, image), SHARE_IMAGE_SIZE] as [
            string,
            string,
            { width: number; height: number },
          ],
      ),
      [LOGO_PATH, logo, { width: 512, height: 512 }],
    ];
    for (const [file, html, viewport] of shots) {
      const page = await browser.newPage({ viewport });
      await page.setContent(html);
      const out = path.join(publicDir, file);
      await page.screenshot({ path: out, type: 'png' });
      await page.close();
      const { size } = await stat(out);
      if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes (limit ${MAX_BYTES})`);
      console.log(`${file}: ${viewport.width}×${viewport.height}, ${Math.round(size / 1024)} KB`);
    }
  } finally {
    await browser.close();
  }
}

await main();
