/**
 * The demo ranks' badges: a small SVG shield per level in the rank's
 * colours with its number. Written once into
 * tenant-assets/<domain>/demo/<domain>/ranks/ by
 * `node server/features/ranks/badges.ts` and committed, like the demo covers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoTenants } from '../tenants/demo/tenants.ts';
import { DEMO_RANKS } from './demo.ts';

export function badgeSvg(level: number, [from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<path d="M48 4 86 18v28c0 22-16 38-38 46C26 84 10 68 10 46V18Z" fill="url(#g)" stroke="#ffffff" stroke-opacity=".5" stroke-width="3"/>
<path d="M48 16 74 26v20c0 15-11 27-26 33-15-6-26-18-26-33V26Z" fill="#000000" fill-opacity=".18"/>
<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" font-weight="700" fill="#ffffff">${level}</text>
</svg>
`;
}

export async function writeDemoBadges(root = fileURLToPath(new URL('../../../tenant-assets', import.meta.url))): Promise<number> {
  let written = 0;
  for (const { domain } of demoTenants()) {
    const dir = join(root, domain, 'demo', domain, 'ranks');
    await mkdir(dir, { recursive: true });
    for (const [i, rank] of DEMO_RANKS.entries()) {
      await writeFile(join(dir, `${i + 1}.svg`), badgeSvg(i + 1, rank.colours));
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`wrote ${await writeDemoBadges()} rank badges`);
}
