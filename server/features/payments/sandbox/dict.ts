import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import { users } from '../../users/schema.ts';
import type { PixKeyKind, PixKeyOwner } from '../psp.ts';

/** Name the sandbox gives a CPF key's owner when no player holds that CPF. */
const UNKNOWN_HOLDER = 'Titular Sandbox';

export interface SandboxDict {
  /** Makes `key` (as the platform normalises it) belong to `cpf` (null: a company) under `name`; wins over everything else. */
  registerKey(key: string, cpf: string | null, name: string): void;
  lookupKey(key: string, type: PixKeyKind): Promise<PixKeyOwner | null>;
}

/**
 * The sandbox's stand-in for the DICT (the central directory of Pix keys):
 * 1. keys given to `registerKey` (in memory);
 * 2. a CPF key belongs to that CPF (named after a player holding it, if any);
 * 3. an e-mail or phone key belongs to the first player (any tenant, same
 *    database) with that e-mail or phone (`users.username`) and a CPF;
 * 4. anything else, random keys included, is unknown (null).
 */
export function createSandboxDict(db: Db): SandboxDict {
  const registered = new Map<string, { cpf: string | null; name: string }>();
  const playerBy = async (column: typeof users.email | typeof users.username | typeof users.cpf, key: string) => {
    const [row] = await db
      .select({ cpf: users.cpf, name: users.name })
      .from(users)
      .where(and(eq(column, key), isNotNull(users.cpf)))
      .orderBy(asc(users.id))
      .limit(1);
    return row?.cpf ? { cpf: row.cpf, name: row.name } : null;
  };
  return {
    registerKey(key, cpf, name) {
      registered.set(key, { cpf, name });
    },
    async lookupKey(key, type) {
      const known = registered.get(key);
      if (known) return { key, type, ownerCpf: known.cpf, ownerName: known.name };
      if (type === 'cpf') {
        if (!/^\d{11}$/.test(key)) return null;
        const player = await playerBy(users.cpf, key);
        return { key, type, ownerCpf: key, ownerName: player?.name ?? UNKNOWN_HOLDER };
      }
      const player = type === 'email' ? await playerBy(users.email, key) : type === 'phone' ? await playerBy(users.username, key) : null;
      return player ? { key, type, ownerCpf: player.cpf, ownerName: player.name } : null;
    },
  };
}
