import { describe, expect, it } from 'vitest';
import { limitsChanges, type LimitValues, MONEY_FIELDS } from '../../../src/stores/responsible-gaming.ts';

const empty = (): LimitValues => ({ ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, ''])) as Record<(typeof MONEY_FIELDS)[number], string>), session_minutes: '', reality_check_minutes: '' });

describe('the limits the page sends', () => {
  it('only what the player changed: amounts in centavos, an emptied field as a removal', () => {
    const shown = { ...empty(), loss_day: '100,00', wager_month: '5.000,00', session_minutes: '60' };
    const typed = { ...shown, loss_day: '50', deposit_week: '1.234,56', wager_month: '', reality_check_minutes: '30' };
    expect(limitsChanges(typed, shown)).toEqual({ loss: { day: 5_000 }, deposit: { week: 123_456 }, wager: { month: null }, reality_check_minutes: 30 });
  });

  it('nothing when nothing changed, so a waiting raise keeps its date', () => {
    const shown = { ...empty(), loss_day: '100,00' };
    expect(limitsChanges({ ...shown }, shown)).toEqual({});
  });
});
