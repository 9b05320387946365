import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { notifications } from './schema.ts';

/** The player's own notifications on the tenant. */
export const ownOf = (tenantId: number, userId: number): SQL => and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId))!;

/** The tenant's global notices (type `platform`, no user). */
export const globalOf = (tenantId: number): SQL => and(eq(notifications.tenantId, tenantId), isNull(notifications.userId))!;

/** Everything a player of the tenant may see and read: their own and the global ones. Never another player's, never another tenant's. */
export const visibleTo = (tenantId: number, userId: number): SQL =>
  and(eq(notifications.tenantId, tenantId), or(eq(notifications.userId, userId), isNull(notifications.userId)))!;
