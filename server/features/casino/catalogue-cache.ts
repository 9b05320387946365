import type { Db } from '../../db/open.ts';
import { type CatalogueSnapshot, loadCatalogueSnapshot, refreshCatalogueSnapshot } from './catalogue-snapshot.ts';

/*
 * One in-memory catalogue snapshot per tenant (./catalogue-snapshot.ts),
 * shared by every caller of this process: the lobby's lists are the same for
 * everybody but the per-player flags, which list-games.ts reads apart.
 *
 * Freshness:
 * - a catalogue write in this process (an import, a like) takes effect on
 *   the next list call: imports call forgetCatalogue, the like toggle
 *   noteLikeCount, both after their transaction commits;
 * - views (counted on every launch, without telling the cache) and writes
 *   made by another process (another platform node, `npm run
 *   catalogue:import` against PostgreSQL, SQL by hand) show once the
 *   snapshot is reloaded: a snapshot older than CATALOGUE_FRESH_MS still
 *   answers while one reload runs in the background, and one older than
 *   CATALOGUE_MAX_AGE_MS (a tenant nobody asked for a while) is not used,
 *   the call waits for the reload. So a busy lobby lags at most a few
 *   seconds, and an idle one never answers from a snapshot older than that.
 * - a reload re-reads only views and like counts (and everything when the
 *   set of active games changed) unless the last full read is older than
 *   CATALOGUE_FULL_READ_MS: another node's edit of an existing game (a
 *   title, a flag) may take that long to show here.
 */

/** Age below which a snapshot answers without a reload. */
export const CATALOGUE_FRESH_MS = 5000;
/** Age past which a snapshot is not used: the call waits for a reload. */
export const CATALOGUE_MAX_AGE_MS = 30_000;
/** Age of the last full read past which a reload reads everything again, not only views and likes. */
export const CATALOGUE_FULL_READ_MS = 60_000;
/** Tenants kept in memory (a few MB each at 5,000 games); the least recently reloaded goes first, busy ones reload every few seconds. */
const MAX_TENANTS = 50;

interface Slot {
  /** The database the snapshot was read from (tests and benches open several in one process). */
  db: Db;
  snapshot: CatalogueSnapshot | null;
  /** When the read of `snapshot` started (epoch ms): its data is at least that recent. */
  readAt: number;
  /** When the last full read (every column, not only views and likes) started. */
  fullReadAt: number;
  /** The tenant's write generation `snapshot` reflects; a later write makes it unusable. */
  generation: number;
  loading: { generation: number; done: Promise<CatalogueSnapshot> } | null;
}

const slots = new Map<number, Slot>();
/** Tenant id → count of catalogue writes seen in this process. */
const generations = new Map<number, number>();

const generationOf = (tenantId: number) => generations.get(tenantId) ?? 0;

/**
 * The tenant's catalogue snapshot (see the freshness rules above). Callers
 * must not change it, except through noteLikeCount.
 */
export function catalogueSnapshot(db: Db, tenantId: number, now = Date.now()): Promise<CatalogueSnapshot> {
  let slot = slots.get(tenantId);
  if (!slot || slot.db !== db) {
    slot = { db, snapshot: null, readAt: 0, fullReadAt: 0, generation: -1, loading: null };
    slots.set(tenantId, slot);
    if (slots.size > MAX_TENANTS) slots.delete(slots.keys().next().value!);
  }
  const generation = generationOf(tenantId);
  if (slot.snapshot && slot.generation === generation) {
    const age = now - slot.readAt;
    if (age < CATALOGUE_FRESH_MS) return Promise.resolve(slot.snapshot);
    if (age < CATALOGUE_MAX_AGE_MS) {
      // Answer from the snapshot in hand; a failed background reload is retried by a later call.
      reload(slot, tenantId, now).catch(() => {});
      return Promise.resolve(slot.snapshot);
    }
  }
  return reload(slot, tenantId, now);
}

/** Starts a read of the tenant's catalogue, or joins the one under way for the current generation. */
function reload(slot: Slot, tenantId: number, now: number): Promise<CatalogueSnapshot> {
  const generation = generationOf(tenantId);
  if (slot.loading?.generation === generation) return slot.loading.done;
  const base = slot.snapshot && slot.generation === generation && now - slot.fullReadAt < CATALOGUE_FULL_READ_MS ? slot.snapshot : null;
  const read = async (): Promise<{ snapshot: CatalogueSnapshot; full: boolean }> => {
    const refreshed = base && (await refreshCatalogueSnapshot(slot.db, tenantId, base));
    return refreshed ? { snapshot: refreshed, full: false } : { snapshot: await loadCatalogueSnapshot(slot.db, tenantId), full: true };
  };
  const done = read().then(({ snapshot, full }) => {
    // A write committed while reading may be missing from what was read: keep it only if none happened.
    if (generationOf(tenantId) === generation && slots.get(tenantId) === slot) {
      slot.snapshot = snapshot;
      slot.readAt = now;
      if (full) slot.fullReadAt = now;
      slot.generation = generation;
      // Most recently reloaded last, so MAX_TENANTS evicts the tenants nobody asks for.
      slots.delete(tenantId);
      slots.set(tenantId, slot);
    }
    return snapshot;
  });
  const loading = { generation, done };
  slot.loading = loading;
  const clear = () => {
    if (slot.loading === loading) slot.loading = null;
  };
  done.then(clear, clear);
  return done;
}

/**
 * The tenant's catalogue changed (games or providers imported, shown,
 * hidden or edited): the next list call reads it again. Call it after the
 * write commits; a read that started before is discarded.
 */
export function forgetCatalogue(tenantId: number): void {
  generations.set(tenantId, generationOf(tenantId) + 1);
  const slot = slots.get(tenantId);
  if (slot) slot.snapshot = null;
}

/**
 * A like was toggled: `totalLikes` is the game's count after the toggle's
 * commit. The snapshot in memory takes it in place (reloading thousands of
 * games per like would not scale); a read under way is discarded, as it may
 * predate the like. Two players liking the same game at the same instant
 * may leave the count one off until the next reload (≤ CATALOGUE_FRESH_MS
 * under traffic), never the player's own flag, which is read per call.
 */
export function noteLikeCount(tenantId: number, gameId: number, totalLikes: number): void {
  const slot = slots.get(tenantId);
  const current = slot?.snapshot && slot.generation === generationOf(tenantId) ? slot.snapshot : null;
  const next = generationOf(tenantId) + 1;
  generations.set(tenantId, next);
  if (slot && current) {
    current.likes.set(gameId, totalLikes);
    current.guestPages.clear();
    slot.generation = next;
  }
}
