/**
 * The demo boxes' art: a small SVG crate per box and a token per prize
 * kind, written once into tenant-assets/<domain>/demo/<domain>/boxes/ by
 * `node server/features/boxes/art.ts` and committed, like the rank badges.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoTenants } from '../tenants/demo/tenants.ts';
import { DEMO_BOXES, DEMO_PRIZE_ART } from './demo.ts';

export function boxSvg([from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<path d="M64 10 116 34v60L64 118 12 94V34Z" fill="url(#g)" stroke="#ffffff" stroke-opacity=".55" stroke-width="3"/>
<path d="M12 34 64 58l52-24M64 58v60" fill="none" stroke="#000000" stroke-opacity=".25" stroke-width="4"/>
<path d="M38 22 90 46v18l-10-5V50L28 26Z" fill="#ffffff" fill-opacity=".35"/>
<text x="64" y="96" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="800" fill="#ffffff" fill-opacity=".9">?</text>
</svg>
`;
}

export function prizeSvg(index: number, [from, to]: [string, string]): string {
  const mark =
    index === 0
      ? '<path d="M48 22l7.6 15.4 17 2.5-12.3 12 2.9 16.9L48 60.8l-15.2 8 2.9-16.9-12.3-12 17-2.5Z" fill="#ffffff" fill-opacity=".92"/>'
      : `<circle cx="48" cy="48" r="22" fill="none" stroke="#ffffff" stroke-opacity=".85" stroke-width="5" stroke-dasharray="8 6"/><text x="48" y="58" text-anchor="middle" font-family="system-ui, sans-serif" font-size="28" font-weight="800" fill="#ffffff">R$</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="48" cy="48" r="44" fill="url(#g)" stroke="#ffffff" stroke-opacity=".5" stroke-width="3"/>
${mark}
</svg>
`;
}

export async function writeDemoBoxArt(root = fileURLToPath(new URL('../../../tenant-assets', import.meta.url))): Promise<number> {
  let written = 0;
  for (const { domain } of demoTenants()) {
    const dir = join(root, domain, 'demo', domain, 'boxes');
    await mkdir(dir, { recursive: true });
    for (const box of DEMO_BOXES) {
      await writeFile(join(dir, `${box.slug}.svg`), boxSvg(box.colours));
      written += 1;
    }
    for (const [i, colours] of DEMO_PRIZE_ART.entries()) {
      await writeFile(join(dir, `prize-${i + 1}.svg`), prizeSvg(i, colours));
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`wrote ${await writeDemoBoxArt()} box images`);
}
