import type { Db } from '../../server/db/open.ts';
import { VERIFYING_DOCUMENT_TYPES } from '../../src/contract/documents.ts';
import { users } from '../../server/db/schema.ts';
import { identityDocuments } from '../../server/features/documents/schema.ts';
import { issueAccessToken } from '../../server/features/users/tokens.ts';

export interface SeededPlayer {
  id: number;
  token: string;
  cpf: string;
  phone: string;
}

/** A valid CPF (right check digits) made from `n`, different for every n < 10^8. */
export function cpfFor(n: number): string {
  const base = [...String(300_000_000 + n).padStart(9, '0').slice(-9)].map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

/**
 * `count` players of tenant `tenantId` written straight into the database
 * (as the service tests make them: registering through the API would spend
 * the run on SMS codes and rate limits), each with a CPF, a verified phone
 * and approved identity documents (so it may withdraw while the tenant's
 * `kyc` is on), an optional password hash and a session token.
 */
export async function seedPlayers(db: Db, tenantId: number, count: number, opts: { passwordHash?: string; from?: number } = {}): Promise<SeededPlayer[]> {
  const from = opts.from ?? 1;
  const at = new Date();
  const values = Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      tenantId,
      name: `Jogador Falha${n}`,
      username: `+55119${String(60_000_000 + n).padStart(8, '0')}`,
      cpf: cpfFor(n),
      phoneVerifiedAt: at,
      ...(opts.passwordHash ? { passwordHash: opts.passwordHash } : {}),
    };
  });
  const rows = await db.insert(users).values(values).returning({ id: users.id, cpf: users.cpf, username: users.username });
  // As an operator's approval leaves them; the rows name no stored file.
  await db.insert(identityDocuments).values(
    rows.flatMap((row) =>
      VERIFYING_DOCUMENT_TYPES.map((type) => ({
        tenantId,
        userId: row.id,
        type,
        status: 'approved' as const,
        file: '0'.repeat(32),
        mime: 'image/jpeg' as const,
        size: 1,
        sha256: '0'.repeat(64),
        reviewedBy: 'faults',
        reviewedAt: at,
      })),
    ),
  );
  const players: SeededPlayer[] = [];
  for (const row of rows) {
    const { token } = await issueAccessToken(db, { userId: row.id, tenantId });
    players.push({ id: row.id, token, cpf: row.cpf ?? '', phone: row.username ?? '' });
  }
  return players;
}
