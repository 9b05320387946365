import type { VipView } from '../../contract/ranking.ts';
import { element, type PartTexts, PlayerPart } from './player-part.ts';

/** `<vip-figures>` on `/vip`: the signed-in player's VIP level and points (`GET /profile/vip`); the rest of the page is pre-rendered. */
interface Texts extends PartTexts {
  level: string;
  points: string;
}

class VipFiguresElement extends PlayerPart<{ vip: VipView }, Texts> {
  protected readonly path = '/profile/vip';

  protected draw({ vip }: { vip: VipView }): void {
    const format = new Intl.NumberFormat(this.locale === 'pt' ? 'pt-BR' : 'en-US');
    const list = element('dl', 'vip-figures');
    list.dataset.testid = 'vip-figures';
    for (const [label, value, testid] of [
      [this.texts.level, vip.level, 'vip-level'],
      [this.texts.points, vip.points, 'vip-points'],
    ] as const) {
      const figure = element('dd', null, format.format(value));
      figure.dataset.testid = testid;
      const item = element('div', null);
      item.append(element('dt', null, label), figure);
      list.append(item);
    }
    this.replaceChildren(list);
  }
}

if (!customElements.get('vip-figures')) customElements.define('vip-figures', VipFiguresElement);
