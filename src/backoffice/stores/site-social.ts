import { type SiteConfig, SocialLinkSchema } from '../../contract/site-config.ts';

/** The networks the site draws an icon for, in the contract's order. */
export const NETWORKS = SocialLinkSchema.entries.network.options;
export type Network = (typeof NETWORKS)[number];

/** One link as the form edits it. */
export interface SocialRow {
  network: Network;
  url: string;
}

export const socialRowsOf = (config: SiteConfig): SocialRow[] => config.socialLinks.map((link) => ({ network: link.network, url: link.url }));

/** The first network not yet linked (a new row starts there), or the first of all. */
export function nextNetwork(rows: readonly SocialRow[]): Network {
  return NETWORKS.find((network) => !rows.some((row) => row.network === network)) ?? NETWORKS[0];
}

/** Rows whose address is not an https:// address, by index (the platform would refuse them; checked before sending). */
export function socialProblems(rows: readonly SocialRow[]): Set<number> {
  const bad = new Set<number>();
  rows.forEach((row, i) => {
    try {
      if (new URL(row.url.trim()).protocol !== 'https:') bad.add(i);
    } catch {
      bad.add(i);
    }
  });
  return bad;
}

/** The patch: the whole list when anything in it changed (a merge patch replaces an array), else nothing. */
export function socialPatchOf(config: SiteConfig, rows: readonly SocialRow[]): Record<string, unknown> {
  const links = rows.map((row) => ({ network: row.network, url: row.url.trim() }));
  const same = links.length === config.socialLinks.length && links.every((link, i) => link.network === config.socialLinks[i]!.network && link.url === config.socialLinks[i]!.url);
  return same ? {} : { socialLinks: links };
}
