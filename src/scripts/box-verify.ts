import type { UserBoxListAnswer, UserBoxView } from '../contract/boxes.ts';
import { boxPath, recomputeBoxDraw } from '../lib/boxes.ts';
import { element, fill } from '../lib/dom-builder.ts';
import { sha256Hex } from '../lib/house/sha256.ts';
import { localePath } from '../i18n/locales.ts';
import { catalogueCall } from '../stores/catalogue-call.ts';
import { $session } from '../stores/session.ts';

/**
 * `<box-verify>` on `/casino/fairness` (issue 19): with `?box=ID` (the link
 * of a box's fairness proof on `/account/boxes`) and a session, it reads the
 * player's boxes (`GET /boxes/user/get`), takes that opened box and checks,
 * in this browser and trusting nothing the platform computed, that
 * SHA-256(revealed server seed) is the hash shown before opening and that
 * HMAC-SHA256(seed, `client_seed:nonce`) gives the ticket and, through the
 * published ranges, the prize received. Without `?box=` the section's
 * pre-rendered text stays as it is; a guest gets a login line.
 *
 * Attributes: `data-locale`, `data-texts` (JSON, `{{name}}`-style placeholders).
 */
interface Texts {
  signIn: string;
  login: string;
  loading: string;
  notFound: string;
  failed: string;
  heading: string;
  hash: string;
  seed: string;
  clientSeed: string;
  nonce: string;
  ticket: string;
  prize: string;
  hashOk: string;
  hashBad: string;
  drawOk: string;
  drawBad: string;
  boxLink: string;
}

class BoxVerifyElement extends HTMLElement {
  private stop: (() => void) | null = null;
  private round = 0;

  private get texts(): Texts {
    return JSON.parse(this.dataset.texts ?? '{}') as Texts;
  }

  private get locale(): 'pt' | 'en' {
    return this.dataset.locale === 'en' ? 'en' : 'pt';
  }

  connectedCallback(): void {
    const id = Number(new URLSearchParams(location.search).get('box'));
    if (!Number.isInteger(id) || id < 1) return;
    let last: string | null = null;
    this.stop = $session.subscribe((session) => {
      const key = session.status === 'user' ? session.token : 'guest';
      if (key === last) return;
      last = key;
      void this.show(id);
    });
  }

  disconnectedCallback(): void {
    this.stop?.();
    this.stop = null;
  }

  private async show(id: number): Promise<void> {
    const t = this.texts;
    const round = ++this.round;
    if ($session.get().status !== 'user') {
      const login = element('button', 'button button--primary', t.login);
      login.type = 'button';
      login.dataset.authOpen = 'login';
      this.replaceChildren(element('p', null, t.signIn), login);
      return;
    }
    this.replaceChildren(element('p', null, t.loading));
    this.setAttribute('aria-busy', 'true');
    try {
      const { data } = await catalogueCall<UserBoxListAnswer>('/boxes/user/get');
      if (round !== this.round) return;
      const box = data.find((b) => b.id === id);
      if (!box || box.status !== 'opened' || !box.fairness.server_seed || !box.fairness.ranges || !box.prize) {
        this.replaceChildren(element('p', null, t.notFound));
        return;
      }
      const result = await this.check(box);
      if (round === this.round) this.replaceChildren(result);
    } catch {
      if (round === this.round) this.replaceChildren(element('p', 'box-verify__bad', t.failed));
    } finally {
      if (round === this.round) this.removeAttribute('aria-busy');
    }
  }

  private async check(box: UserBoxView): Promise<HTMLElement> {
    const t = this.texts;
    const { fairness } = box;
    const seed = fairness.server_seed!;
    const prize = box.prize!.prize;
    const [hash, draw] = await Promise.all([
      sha256Hex(seed),
      recomputeBoxDraw({ server_seed: seed, client_seed: fairness.client_seed, nonce: fairness.nonce }, fairness.ranges!),
    ]);
    const hashOk = hash === fairness.server_seed_hash.toLowerCase();
    const drawOk = draw.ticket === fairness.ticket && draw.prize_id === prize.id;
    const wrap = element('div', 'box-verify__result');
    wrap.dataset.testid = 'box-verify-result';
    const title = element('h3', null, fill(t.heading, { name: box.box.name[this.locale] }));
    const list = element('dl', null);
    const add = (label: string, value: string) => {
      const dd = element('dd', null);
      dd.append(element('code', null, value));
      list.append(element('dt', null, label), dd);
    };
    add(t.hash, fairness.server_seed_hash);
    add(t.seed, seed);
    add(t.clientSeed, fairness.client_seed);
    add(t.nonce, String(fairness.nonce));
    add(t.ticket, String(draw.ticket));
    list.append(element('dt', null, t.prize), element('dd', null, prize.name[this.locale]));
    const hashLine = element('p', hashOk ? 'box-verify__ok' : 'box-verify__bad', hashOk ? t.hashOk : t.hashBad);
    hashLine.dataset.testid = 'box-verify-hash';
    const drawLine = element('p', drawOk ? 'box-verify__ok' : 'box-verify__bad', drawOk ? fill(t.drawOk, { ticket: draw.ticket, prize: prize.name[this.locale] }) : t.drawBad);
    drawLine.dataset.testid = 'box-verify-draw';
    const link = element('a', null, t.boxLink);
    link.href = localePath(this.locale, boxPath(box.box.slug));
    const more = element('p', null);
    more.append(link);
    wrap.append(title, list, hashLine, drawLine, more);
    return wrap;
  }
}

if (!customElements.get('box-verify')) customElements.define('box-verify', BoxVerifyElement);
