/// <reference lib="dom" />
import { fill, type Labels } from '../labels.ts';
import { formatDecimal, formatMoney, parseHundredths } from '../format.ts';
import type { SandboxLocale } from '../view.ts';
import { h } from './dom.ts';

/** Round amounts a stake steps through with − and +, centavos (R$ 0,10 … R$ 10.000,00). */
const LADDER = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** The ladder within the limits, with the limits themselves as its ends. */
export function stakeSteps(limits: { minStake: number; maxStake: number }): number[] {
  const inside = LADDER.filter((v) => v > limits.minStake && v < limits.maxStake);
  return [...new Set([limits.minStake, ...inside, limits.maxStake])];
}

/** The stake a page starts with: R$ 1,00 when the limits allow it, else the nearest limit. */
export function defaultStake(limits: { minStake: number; maxStake: number }): number {
  return Math.min(limits.maxStake, Math.max(limits.minStake, 100));
}

export interface StakeControl {
  element: HTMLElement;
  /** The typed stake in centavos when it is a valid amount within the limits, else null. */
  value(): number | null;
  /** The reason `value()` is null, worded for the player. */
  invalidText(): string;
}

interface StakeOptions {
  id: string;
  label: string;
  t: Labels;
  locale: SandboxLocale;
  limits: { minStake: number; maxStake: number };
  onChange?: (centavos: number | null) => void;
}

/**
 * A money input with − and + (stepping through round amounts within the
 * limits) and the limits written under it. The input takes `2,50`, `2.50`
 * or `R$ 2,50`; it is rewritten in the page's format when it loses focus.
 */
export function createStakeControl(options: StakeOptions): StakeControl {
  const { t, locale, limits } = options;
  const steps = stakeSteps(limits);
  const min = formatMoney(limits.minStake, locale);
  const max = formatMoney(limits.maxStake, locale);
  const hintId = `${options.id}-hint`;
  const input = h('input', {
    id: options.id,
    class: 'sbx-stake__input',
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': hintId,
    'data-testid': 'sandbox-stake',
    value: formatDecimal(defaultStake(limits), locale),
  });
  const parse = (): number | null => {
    const centavos = parseHundredths(input.value);
    return centavos !== null && centavos >= limits.minStake && centavos <= limits.maxStake ? centavos : null;
  };
  const set = (centavos: number) => {
    input.value = formatDecimal(centavos, locale);
    input.removeAttribute('aria-invalid');
    options.onChange?.(centavos);
  };
  const step = (direction: 1 | -1) => {
    const current = parseHundredths(input.value) ?? defaultStake(limits);
    const next = direction > 0 ? steps.find((v) => v > current) : [...steps].reverse().find((v) => v < current);
    set(next ?? (direction > 0 ? limits.maxStake : limits.minStake));
  };
  input.addEventListener('input', () => {
    const centavos = parse();
    if (centavos === null) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    options.onChange?.(centavos);
  });
  input.addEventListener('change', () => {
    const centavos = parse();
    if (centavos !== null) set(centavos);
  });
  input.addEventListener('keydown', (event) => {
    // Arrow keys step like the buttons, as a spin button would.
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  });

  const element = h(
    'div',
    { class: 'sbx-stake' },
    h('label', { class: 'sbx-label', for: options.id }, options.label),
    h(
      'div',
      { class: 'sbx-stake__row' },
      h('button', { type: 'button', class: 'sbx-step', 'aria-label': `${t['stake.down']}: ${options.label}`, 'data-testid': 'sandbox-stake-down', onclick: () => step(-1) }, '−'),
      h('span', { class: 'sbx-stake__field' }, h('span', { class: 'sbx-stake__currency', 'aria-hidden': 'true' }, 'R$'), input),
      h('button', { type: 'button', class: 'sbx-step', 'aria-label': `${t['stake.up']}: ${options.label}`, 'data-testid': 'sandbox-stake-up', onclick: () => step(1) }, '+'),
    ),
    h('small', { class: 'sbx-hint', id: hintId }, fill(t['stake.limits'], { min, max })),
  );
  return { element, value: parse, invalidText: () => fill(t['stake.invalid'], { min, max }) };
}
