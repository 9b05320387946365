/**
 * The demo games' cover art: a small portrait SVG per game (gradient in the
 * provider's colours, the title, the provider). Written once into
 * tenant-assets/<domain>/demo/<domain>/games/ by
 * `node server/features/tenants/demo/covers.ts` and committed, so demo
 * pages show real images without third-party art.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoCatalogueRows } from './casino.ts';
import { demoTenants } from './tenants.ts';

const PALETTES: Record<string, [string, string]> = {
  'aurora-gaming': ['#7B2FF7', '#F107A3'],
  'cascata-studios': ['#0F9B8E', '#1D4ED8'],
  'jaguar-live': ['#B91C1C', '#F59E0B'],
  'vela-mesa': ['#065F46', '#10B981'],
  'rota-crash': ['#1E1B4B', '#EF4444'],
};

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into at most three lines of about 12 characters. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 12) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

export function demoCoverSvg(g: { title: string; provider: string; providerName: string }, house: [string, string]): string {
  const [from, to] = PALETTES[g.provider] ?? house;
  const lines = titleLines(g.title);
  const top = 200 - (lines.length - 1) * 22;
  const text = lines.map((l, i) => `<text x="150" y="${top + i * 44}" font-size="36">${escapeXml(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeXml(g.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="400" rx="24" fill="url(#g)"/><circle cx="250" cy="60" r="90" fill="#fff" opacity=".08"/><circle cx="40" cy="360" r="120" fill="#000" opacity=".12"/>
<g fill="#fff" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-weight="800" text-anchor="middle">${text}</g>
<text x="150" y="370" fill="#fff" opacity=".85" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="16" font-weight="600" text-anchor="middle">${escapeXml(g.providerName)}</text>
</svg>
`;
}

/** Writes every demo tenant's covers under `root` (the repository's tenant-assets folder by default). */
export async function writeDemoCovers(root = fileURLToPath(new URL('../../../../tenant-assets', import.meta.url))): Promise<number> {
  let written = 0;
  for (const tenant of demoTenants()) {
    const colors = tenant.config.colors;
    const dir = join(root, tenant.domain, 'demo', tenant.domain, 'games');
    await mkdir(dir, { recursive: true });
    for (const row of demoCatalogueRows(tenant.domain, tenant.config.siteTitle)) {
      const svg = demoCoverSvg({ title: String(row.title), provider: String(row.providercode), providerName: String(row.provider_name) }, [colors.primary, colors.secondary]);
      await writeFile(join(dir, `${String(row.providercode)}-${String(row.gamecode)}.svg`), svg);
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`Wrote ${await writeDemoCovers()} demo covers\n`);
}
