import type { SiteConfig } from '../../contract/site-config.ts';
import { centavosOf, reaisText } from './numbers.ts';

/** The settings this form edits, by kind: text, money (centavos, typed in reais) and switches. */
export const TEXTS = ['legalName', 'cnpj', 'licence', 'supportEmail'] as const;
export const MONEY = ['min_deposit', 'max_deposit', 'min_withdrawal', 'max_withdrawal', 'cpa_value'] as const;
export const SWITCHES = ['kyc', 'hasSports', 'hasBoxes', 'chat_support', 'casAllowGoogleAuth', 'fakeBets'] as const;

export type DetailsDraft = {
  description: { pt: string; en: string };
  texts: Record<(typeof TEXTS)[number], string>;
  money: Record<(typeof MONEY)[number], string>;
  switches: Record<(typeof SWITCHES)[number], boolean>;
};

/**
 * A limit as typed, in centavos by the site's exact reais parser; text it
 * cannot read is sent as typed, so the platform refuses and names the field
 * (nothing is saved) instead of a guess being stored.
 */
const limitOf = (text: string): number | string => centavosOf(text, null) ?? text;

export function draftOf(config: SiteConfig): DetailsDraft {
  return {
    description: { pt: config.siteDescription.pt, en: config.siteDescription.en },
    texts: Object.fromEntries(TEXTS.map((k) => [k, config[k] ?? ''])) as DetailsDraft['texts'],
    money: Object.fromEntries(MONEY.map((k) => [k, reaisText(config[k])])) as DetailsDraft['money'],
    switches: Object.fromEntries(SWITCHES.map((k) => [k, config[k]])) as DetailsDraft['switches'],
  };
}

/** The patch: only what changed; an emptied optional text is removed (JSON Merge Patch null). */
export function patchOf(config: SiteConfig, d: DetailsDraft): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (d.description.pt !== config.siteDescription.pt || d.description.en !== config.siteDescription.en) patch.siteDescription = d.description;
  for (const k of TEXTS) if (d.texts[k].trim() !== (config[k] ?? '')) patch[k] = d.texts[k].trim() === '' && k !== 'legalName' && k !== 'cnpj' ? null : d.texts[k].trim();
  for (const k of MONEY) if (limitOf(d.money[k]) !== config[k]) patch[k] = limitOf(d.money[k]);
  for (const k of SWITCHES) if (d.switches[k] !== config[k]) patch[k] = d.switches[k];
  return patch;
}
