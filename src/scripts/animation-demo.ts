import { makeConfetti } from '../lib/wallet/confetti.ts';

/**
 * `/animation` (issue 20): `<animation-demo>` plays the deposit's confetti
 * (the same 40 pieces and 20 dots, src/lib/wallet/confetti.ts) and the box
 * opening on demand. With `prefers-reduced-motion: reduce` nothing moves:
 * the confetti is not drawn and the box shows its opened state at once (the
 * page's CSS), and the status line says so.
 */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

class AnimationDemo extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('[data-confetti]')?.addEventListener('click', () => this.confetti());
    this.querySelector('[data-box]')?.addEventListener('click', (event) => this.box(event.currentTarget as HTMLButtonElement));
  }

  private say(text: string | undefined): void {
    const status = this.querySelector('[data-status]');
    if (status) status.textContent = text ?? '';
  }

  private confetti(): void {
    const stage = this.querySelector<HTMLElement>('[data-confetti-stage]');
    if (!stage) return;
    stage.replaceChildren();
    if (reducedMotion()) {
      this.say(this.dataset.reduced);
      return;
    }
    const { pieces, dots } = makeConfetti();
    const layer = document.createElement('div');
    layer.className = 'demo-confetti';
    layer.setAttribute('aria-hidden', 'true');
    let longest = 0;
    for (const [kind, bits] of [['piece', pieces], ['dot', dots]] as const) {
      for (const bit of bits) {
        const span = document.createElement('span');
        span.className = `demo-confetti__${kind} demo-confetti--c${bit.colour}`;
        span.style.cssText = `--confetti-left:${bit.left}%;--confetti-delay:${bit.delay}ms;--confetti-duration:${bit.duration}ms;--confetti-rotate:${bit.rotate}deg;--confetti-drift:${bit.drift}px`;
        layer.append(span);
        longest = Math.max(longest, bit.delay + bit.duration);
      }
    }
    stage.append(layer);
    this.say('');
    setTimeout(() => {
      layer.remove();
      this.say(this.dataset.done);
    }, longest + 100);
  }

  private box(button: HTMLButtonElement): void {
    const box = this.querySelector<HTMLElement>('[data-box-stage]');
    if (!box) return;
    const open = box.dataset.state !== 'open';
    box.dataset.state = open ? 'open' : 'closed';
    button.textContent = (open ? button.dataset.close : button.dataset.open) ?? button.textContent;
    this.say(open && reducedMotion() ? this.dataset.reduced : '');
  }
}

if (!customElements.get('animation-demo')) customElements.define('animation-demo', AnimationDemo);
