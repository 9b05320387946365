/**
 * Where the mission widgets sit (spec: "positionY clamped between 74 and
 * window height − 178 − widget height"; heights 144 open, 76 closed on
 * narrow screens or 90 otherwise; spacing 5). Pure: the widget island and
 * the store call these with the window's height, tests with numbers.
 */

/** The highest a widget's top may be (under the header). */
export const WIDGET_MIN_Y = 74;
/** Room kept free at the bottom of the window (spec: window height − 178 − widget height). */
export const WIDGET_BOTTOM_RESERVE = 178;
/** Gap between two stacked widgets. */
export const WIDGET_SPACING = 5;
export const WIDGET_HEIGHT_OPEN = 144;
export const WIDGET_HEIGHT_CLOSED_NARROW = 76;
export const WIDGET_HEIGHT_CLOSED = 90;
/** Below this window width a screen is "narrow" (phones): closed widgets are 76 px high and shrink to a tab. */
export const NARROW_MAX_WIDTH = 767;

/** A widget's height from its state and the screen's width class. */
export function widgetHeight(isOpen: boolean, narrow: boolean): number {
  if (isOpen) return WIDGET_HEIGHT_OPEN;
  return narrow ? WIDGET_HEIGHT_CLOSED_NARROW : WIDGET_HEIGHT_CLOSED;
}

/** The lowest top a widget of `height` may have in a window `windowHeight` high (never above the minimum). */
export function maxWidgetY(height: number, windowHeight: number): number {
  return Math.max(WIDGET_MIN_Y, windowHeight - WIDGET_BOTTOM_RESERVE - height);
}

/**
 * `positionY` clamped between 74 and window height − 178 − widget height.
 * When the window is too short for that range, 74 wins (the widget stays
 * under the header rather than above it). A non-finite value reads as 74.
 */
export function clampWidgetY(y: number, height: number, windowHeight: number): number {
  if (!Number.isFinite(y)) return WIDGET_MIN_Y;
  return Math.min(Math.max(Math.round(y), WIDGET_MIN_Y), maxWidgetY(height, windowHeight));
}

export interface StackInput {
  id: number;
  /** The widget's kept position (its `positionY`). */
  y: number;
  height: number;
}

export interface StackedWidget {
  id: number;
  top: number;
  height: number;
  /** False when the window has no room left for it (it is then not drawn as a widget). */
  fits: boolean;
}

/**
 * Lays the widgets out without overlaps, 5 px apart, in order of their kept
 * positions (ties in the given order), inside the clamp range. The `pinned`
 * widget (the one being dragged or moved by keyboard) stays where asked when
 * it can: the widgets below it are pushed down and those above it pushed up;
 * only at the range's ends is it pushed back. Without a pinned widget each
 * widget keeps its place unless the one above pushes it down. Widgets that
 * do not fit at all (more than the window holds) come last with `fits: false`.
 */
export function stackWidgets(items: readonly StackInput[], windowHeight: number, pinned?: number): StackedWidget[] {
  const ordered = items.map((item, index) => ({ item, index })).sort((a, b) => a.item.y - b.item.y || a.index - b.index);
  // How many fit at all: from the top, every widget and its spacing within the window's range.
  const rangeBottom = Math.max(WIDGET_MIN_Y, windowHeight - WIDGET_BOTTOM_RESERVE);
  let used = WIDGET_MIN_Y;
  let fitting = 0;
  for (const { item } of ordered) {
    const next = used + (fitting > 0 ? WIDGET_SPACING : 0) + item.height;
    if (fitting > 0 && next > rangeBottom) break;
    used = next;
    fitting += 1;
  }
  const shown = ordered.slice(0, fitting).map(({ item }) => ({ id: item.id, height: item.height, top: clampWidgetY(item.y, item.height, windowHeight) }));
  const pin = shown.findIndex((w) => w.id === pinned);
  // Away from the pinned widget (or down from the first): each pushed clear of its neighbour.
  for (let i = Math.max(pin, 0) + 1; i < shown.length; i += 1) {
    shown[i]!.top = Math.max(shown[i]!.top, shown[i - 1]!.top + shown[i - 1]!.height + WIDGET_SPACING);
  }
  for (let i = pin - 1; i >= 0; i -= 1) {
    shown[i]!.top = Math.min(shown[i]!.top, shown[i + 1]!.top - WIDGET_SPACING - shown[i]!.height);
  }
  // Back inside the range: up from the bottom limit, then down from the top one.
  for (let i = shown.length - 1; i >= 0; i -= 1) {
    const limit = i === shown.length - 1 ? maxWidgetY(shown[i]!.height, windowHeight) : shown[i + 1]!.top - WIDGET_SPACING - shown[i]!.height;
    shown[i]!.top = Math.min(shown[i]!.top, limit);
  }
  for (let i = 0; i < shown.length; i += 1) {
    const limit = i === 0 ? WIDGET_MIN_Y : shown[i - 1]!.top + shown[i - 1]!.height + WIDGET_SPACING;
    shown[i]!.top = Math.max(shown[i]!.top, limit);
  }
  const hidden = ordered.slice(fitting).map(({ item }) => ({ id: item.id, height: item.height, top: WIDGET_MIN_Y, fits: false }));
  return [...shown.map((w) => ({ ...w, fits: true })), ...hidden];
}
