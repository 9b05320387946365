import { atom } from 'nanostores';
import type { AffiliatesAnswer } from '../contract/referrals.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { localePath } from '../i18n/locales.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api } from './api.ts';
import { onPlayerChange } from './player-change.ts';
import { $session } from './session.ts';

/**
 * Refer a friend on `/refers` (issue 18): the player's code and friends from
 * `GET /profile/affiliates`, the link built from this site's own address, and
 * the ways to pass it on (copy, share sheet, share URLs).
 */

export type ReferralsLoad = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; answer: AffiliatesAnswer };

export const $referrals = atom<ReferralsLoad>({ status: 'idle' });

/** "Copiado!" after a copy; `failed` when no clipboard took it (the island then selects the link for a manual copy). */
export const $referralCopy = atom<'idle' | 'copied' | 'failed'>('idle');

const COPIED_MS = 2500;
let copiedTimer: ReturnType<typeof setTimeout> | undefined;

onPlayerChange(() => {
  $referrals.set({ status: 'idle' });
  $referralCopy.set('idle');
});

/** `GET /profile/affiliates` → the code and friends (a reload keeps the shown list until the answer). */
export async function loadReferrals(): Promise<void> {
  if ($session.get().status !== 'user') return;
  if ($referrals.get().status !== 'ready') $referrals.set({ status: 'loading' });
  try {
    $referrals.set({ status: 'ready', answer: await api.get<AffiliatesAnswer>('/profile/affiliates') });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    if ($referrals.get().status !== 'ready') $referrals.set({ status: 'error' });
  }
}

/** The link a friend opens: this site's home in the page's language with `?ref=` (captured by src/stores/marketing.ts on any route). */
export function referralLink(origin: string, locale: Locale, code: string): string {
  return `${origin}${localePath(locale, '/')}?ref=${encodeURIComponent(code)}`;
}

/** Share addresses that need no script of the service: each opens its own share screen with `text` and the link. */
export function shareTargets(link: string, text: string, subject: string): Record<'whatsapp' | 'telegram' | 'x' | 'email', string> {
  const message = `${text} ${link}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(link)}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`,
  };
}

/** Shows "Copiado!" for a moment. */
export function markReferralCopied(): void {
  $referralCopy.set('copied');
  clearTimeout(copiedTimer);
  copiedTimer = setTimeout(() => $referralCopy.set('idle'), COPIED_MS);
}

/**
 * "Copiar link": the link to the clipboard. `failed` when the clipboard is
 * missing or refuses (an insecure page, a denied permission); the island
 * then tries the old copy command on the selected link.
 */
export async function copyReferralLink(link: string, clipboard: Pick<Clipboard, 'writeText'> | null = globalThis.navigator?.clipboard ?? null): Promise<boolean> {
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(link);
    markReferralCopied();
    return true;
  } catch {
    $referralCopy.set('failed');
    return false;
  }
}

/**
 * The system share sheet (Web Share API) where the browser has one; false
 * when it has none or the player closed it, so nothing else happens.
 */
export async function shareReferralLink(data: { url: string; text: string; title: string }, nav: Pick<Navigator, 'share'> | undefined = globalThis.navigator): Promise<boolean> {
  if (typeof nav?.share !== 'function') return false;
  try {
    await nav.share(data);
    return true;
  } catch {
    return false;
  }
}
