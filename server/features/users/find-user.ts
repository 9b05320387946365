import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { type UserRow, users } from './schema.ts';

/** A player of `tenantId` by id, or null (never a player of another tenant). */
export async function findUserById(db: Db, tenantId: number, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.tenantId, tenantId))).limit(1);
  return row ?? null;
}

/** A player of `tenantId` by phone (E.164), or null. */
export async function findUserByPhone(db: Db, tenantId: number, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.username, phone), eq(users.tenantId, tenantId))).limit(1);
  return row ?? null;
}

/** A player of `tenantId` by normalised e-mail, or null. */
export async function findUserByEmail(db: Db, tenantId: number, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.email, email), eq(users.tenantId, tenantId))).limit(1);
  return row ?? null;
}

/** A player of `tenantId` by CPF digits, or null. */
export async function findUserByCpf(db: Db, tenantId: number, cpf: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.cpf, cpf), eq(users.tenantId, tenantId))).limit(1);
  return row ?? null;
}
