/// <reference lib="dom" />
/*
 * Reading `view.rules` (the engine's `describe()`, plain JSON from the
 * server) without trusting its shape: each reader falls back to the
 * engine's documented defaults, so a missing field draws a sensible game.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
