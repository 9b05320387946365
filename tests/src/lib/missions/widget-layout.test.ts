import { describe, expect, it } from 'vitest';
import { isMissionWidgetPage } from '../../../../src/lib/missions/pages.ts';
import { clampWidgetY, maxWidgetY, stackWidgets, widgetHeight } from '../../../../src/lib/missions/widget-layout.ts';

/** Spec: positionY clamped between 74 and window height − 178 − widget height; heights 144 open, 76 closed narrow, 90 closed; spacing 5. */
describe('mission widget layout', () => {
  it('uses the spec heights', () => {
    expect(widgetHeight(true, false)).toBe(144);
    expect(widgetHeight(true, true)).toBe(144);
    expect(widgetHeight(false, true)).toBe(76);
    expect(widgetHeight(false, false)).toBe(90);
  });

  it('clamps positionY between 74 and window height − 178 − widget height, at both edges', () => {
    // 800 high, open: 74 .. 800 − 178 − 144 = 478.
    expect(maxWidgetY(144, 800)).toBe(478);
    expect(clampWidgetY(73, 144, 800)).toBe(74);
    expect(clampWidgetY(74, 144, 800)).toBe(74);
    expect(clampWidgetY(478, 144, 800)).toBe(478);
    expect(clampWidgetY(479, 144, 800)).toBe(478);
    expect(clampWidgetY(-500, 90, 800)).toBe(74);
    // Closed on a desktop: 800 − 178 − 90 = 532; on a phone: 800 − 178 − 76 = 546.
    expect(clampWidgetY(10_000, 90, 800)).toBe(532);
    expect(clampWidgetY(10_000, 76, 800)).toBe(546);
    expect(clampWidgetY(Number.NaN, 90, 800)).toBe(74);
  });

  it('keeps 74 when the window is too short for the range', () => {
    // 300 − 178 − 144 = −22 < 74.
    expect(maxWidgetY(144, 300)).toBe(74);
    expect(clampWidgetY(200, 144, 300)).toBe(74);
  });

  it('stacks overlapping widgets 5 px apart in order of their positions', () => {
    const stacked = stackWidgets(
      [
        { id: 1, y: 100, height: 90 },
        { id: 2, y: 80, height: 144 },
        { id: 3, y: 120, height: 90 },
      ],
      900,
    );
    expect(stacked).toEqual([
      { id: 2, top: 80, height: 144, fits: true },
      { id: 1, top: 229, height: 90, fits: true },
      { id: 3, top: 324, height: 90, fits: true },
    ]);
  });

  it('pushes the stack back up from the bottom limit', () => {
    // 700 high: the last closed widget's lowest top is 700 − 178 − 90 = 432.
    const stacked = stackWidgets(
      [
        { id: 1, y: 400, height: 90 },
        { id: 2, y: 430, height: 90 },
      ],
      700,
    );
    expect(stacked.map((w) => w.top)).toEqual([337, 432]);
    expect(stacked[0]!.top + 90 + 5).toBe(stacked[1]!.top);
  });

  it('a pinned widget (dragged, moved by keyboard) stays where asked and pushes the others away', () => {
    const items = [
      { id: 1, y: 74, height: 90 },
      { id: 2, y: 169, height: 90 },
      { id: 3, y: 264, height: 90 },
    ];
    // Widget 2 moved 10 px up: widget 1 cannot go higher than 74, so 2 is pushed back.
    expect(stackWidgets(items.map((i) => (i.id === 2 ? { ...i, y: 159 } : i)), 900, 2).map((w) => w.top)).toEqual([74, 169, 264]);
    // Widget 2 moved 30 px down: widget 3 goes down with it.
    expect(stackWidgets(items.map((i) => (i.id === 2 ? { ...i, y: 199 } : i)), 900, 2).map((w) => w.top)).toEqual([74, 199, 294]);
    // Widget 3 moved up past widget 2 (a drag): the order changes, 5 px apart.
    expect(stackWidgets(items.map((i) => (i.id === 3 ? { ...i, y: 150 } : i)), 900, 3)).toEqual([
      { id: 1, top: 55 + 19, height: 90, fits: true },
      { id: 3, top: 169, height: 90, fits: true },
      { id: 2, top: 264, height: 90, fits: true },
    ]);
  });

  it('leaves out the widgets the window cannot hold, never overlapping', () => {
    // 640 × 320 phone: 74 .. 640 − 178 = 462 holds four closed 76 px tabs (4 × 76 + 3 × 5 = 319 ≤ 388), not five.
    const items = [1, 2, 3, 4, 5].map((id) => ({ id, y: 74, height: 76 }));
    const stacked = stackWidgets(items, 640);
    expect(stacked.filter((w) => w.fits).map((w) => w.top)).toEqual([74, 155, 236, 317]);
    expect(stacked.filter((w) => !w.fits).map((w) => w.id)).toEqual([5]);
    const shown = stacked.filter((w) => w.fits);
    for (const w of shown) expect(w.top + w.height).toBeLessThanOrEqual(640 - 178);
  });
});

describe('pages with mission widgets', () => {
  it('are the casino pages in either language, not the fairness page nor the rest of the site', () => {
    for (const path of ['/casino/games', '/en/casino/games', '/casino/category/slots', '/casino/aurora-gaming/tigre-dourado', '/casino/house/dice', '/en/casino/house/dice']) {
      expect(isMissionWidgetPage(path), path).toBe(true);
    }
    for (const path of ['/', '/en/', '/casino/fairness', '/en/casino/fairness', '/bonus', '/terms', '/casino', '/english/casino/games']) {
      expect(isMissionWidgetPage(path), path).toBe(false);
    }
  });
});
