import type { CouponRewardView, CouponsAnswer } from '../contract/bonuses.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { localePath } from '../i18n/locales.ts';
import { element, fill } from '../lib/dom-builder.ts';
import { formatBRL } from '../lib/money-format.ts';
import { catalogueCall } from '../stores/catalogue-call.ts';

/**
 * `<promo-codes>`, the list of `/promo-codes` without React (a public page
 * held to the text pages' JavaScript budget): asks `GET /bonuses/coupons`
 * once on the page and draws each public code with its description, reward,
 * end and "Usar CODE" (a link to `/bonus?coupon=CODE`, which fills the
 * coupon field there), or "Você já usou"; then the player's own redemptions.
 *
 * Attributes: `data-locale` and `data-texts` (JSON of the page's words, with
 * `{{code}}`, `{{date}}`, `{{amount}}`, `{{multiplier}}`, `{{days}}`, `{{points}}`, `{{rounds}}`, `{{game}}`, `{{stake}}` placeholders).
 */
interface Texts {
  use: string;
  used: string;
  until: string;
  empty: string;
  failed: string;
  retry: string;
  redemptions: string;
  bonus: string;
  vip_points: string;
  free_rounds: string;
  /** The house games' names by slug. */
  games: Record<string, string>;
}

const TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

class PromoCodesElement extends HTMLElement {
  connectedCallback(): void {
    void this.load();
  }

  private get locale(): Locale {
    return this.dataset.locale === 'en' ? 'en' : 'pt';
  }

  private get texts(): Texts {
    return JSON.parse(this.dataset.texts ?? '{}') as Texts;
  }

  private rewardText(reward: CouponRewardView): string {
    const tag = TAGS[this.locale];
    if (reward.kind === 'vip_points') return fill(this.texts.vip_points, { points: reward.points.toLocaleString(tag) });
    if (reward.kind === 'free_rounds') {
      return fill(this.texts.free_rounds, { rounds: reward.rounds.toLocaleString(tag), game: this.texts.games[reward.game] ?? reward.game, stake: formatBRL(reward.stake, this.locale) });
    }
    return fill(this.texts.bonus, { amount: formatBRL(reward.amount, this.locale), multiplier: reward.rollover_multiplier.toLocaleString(tag), days: reward.expires_days });
  }

  private dateText(iso: string): string {
    return new Intl.DateTimeFormat(TAGS[this.locale], { dateStyle: 'short' }).format(new Date(iso));
  }

  private async load(): Promise<void> {
    this.setAttribute('aria-busy', 'true');
    try {
      this.draw(await catalogueCall<CouponsAnswer>('/bonuses/coupons'));
    } catch {
      this.drawFailure();
    } finally {
      this.removeAttribute('aria-busy');
    }
  }

  private drawFailure(): void {
    const box = element('div', 'account-card bonus-failed');
    box.append(element('p', 'form-message form-message--error', this.texts.failed));
    box.lastElementChild!.setAttribute('role', 'alert');
    const retry = element('button', 'button', this.texts.retry);
    retry.type = 'button';
    retry.addEventListener('click', () => void this.load());
    box.append(retry);
    this.replaceChildren(box);
  }

  private draw({ data, redemptions }: CouponsAnswer): void {
    const t = this.texts;
    const parts: HTMLElement[] = [];
    if (data.length === 0) {
      parts.push(element('p', 'account-card', t.empty));
    } else {
      const list = element('ul', 'promo-codes');
      for (const coupon of data) {
        const item = element('li', 'account-card promo-code');
        item.dataset.testid = 'promo-code';
        const text = element('div', 'promo-code__text');
        const ends = coupon.ends_at ? ` · ${fill(t.until, { date: this.dateText(coupon.ends_at) })}` : '';
        text.append(element('span', 'promo-code__code', coupon.code), element('p', null, coupon.description[this.locale]), element('p', 'promo-code__meta', this.rewardText(coupon.reward) + ends));
        item.append(text);
        if (coupon.available) {
          const use = element('a', 'button button--primary', fill(t.use, { code: coupon.code }));
          use.href = `${localePath(this.locale, '/bonus')}?coupon=${encodeURIComponent(coupon.code)}`;
          item.append(use);
        } else {
          item.append(element('span', 'promo-code__meta', t.used));
        }
        list.append(item);
      }
      parts.push(list);
    }
    if (redemptions.length > 0) {
      const section = element('section', 'account-card');
      const heading = element('h2', null, t.redemptions);
      heading.id = 'promo-redemptions';
      section.setAttribute('aria-labelledby', heading.id);
      const list = element('ul', 'bonus-list');
      for (const r of redemptions) {
        const item = element('li', null);
        const when = element('time', null, this.dateText(r.date));
        when.dateTime = r.date;
        item.append(element('strong', null, r.code), ` · ${this.rewardText(r.reward)} · `, when);
        list.append(item);
      }
      section.append(heading, list);
      parts.push(section);
    }
    this.replaceChildren(...parts);
  }
}

if (!customElements.get('promo-codes')) customElements.define('promo-codes', PromoCodesElement);
