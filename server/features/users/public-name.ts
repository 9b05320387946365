import type { PrivacySettings } from '../../../src/contract/validation/profile.ts';

/** The public name of a player in feeds and the chat: the first word of their name only. */
export function publicFirstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The name a player's bets carry in the public live feed: their first name,
 * or '' (shown as an anonymous player) when their privacy settings hide
 * their username, their activity or everything.
 */
export function betFeedName(name: string, settings: Partial<PrivacySettings> | null | undefined): string {
  if (settings?.hide_username || settings?.hide_activity || settings?.hide_all) return '';
  return publicFirstName(name);
}

/**
 * The name a player's chat messages carry: the first word of their name, as
 * in the public bet feed, or '' (shown as an anonymous player) when they
 * hide their username or everything in their privacy settings.
 */
export function chatDisplayName(name: string, settings: Partial<PrivacySettings> | null | undefined): string {
  if (settings?.hide_username || settings?.hide_all) return '';
  return publicFirstName(name);
}
