/**
 * The money audit the fault and soak runs end with (reusable by any script
 * or test holding a `Db`): reads the whole database and lists every place
 * where the ledger and the rows that caused its movements disagree.
 *
 * Invariants, each a query that must return no row:
 * - every wallet's balance and withdrawable part equal the sums of its
 *   ledger entries, and every ledger row's `balance_after` /
 *   `balance_withdrawal_after` equal the running sums up to it (so no
 *   movement was lost between two others);
 * - every paid Pix charge was credited exactly once (a `deposit` of its
 *   amount with reference = its endToEndId), and no Pix deposit exists for a
 *   charge that is not paid, or twice for one charge;
 * - every withdrawal was reserved exactly once and released at most once,
 *   released exactly when it ended cancelled (2) or with an invalid key (3);
 * - every real-money house round was debited its stake once and credited
 *   its payout once (none when 0), and no house movement lacks its round;
 * - (with `expected`) every provider transaction id the caller saw accepted
 *   was applied exactly once with its amount, and every one it saw refused
 *   was not applied.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/open.ts';
import { fmt } from '../bench/load.ts';

/** A provider wallet call as its sender saw it end. */
export interface ExpectedProviderMovement {
  tenantId: number;
  /** Ledger reference: `{provider}:{transaction_id}`. */
  reference: string;
  type: 'bet' | 'win';
  /** Signed centavos as the ledger stores them (a bet is negative). */
  amount: number;
  /** True when the provider got a 2xx answer, false when it got a refusal (4xx). */
  applied: boolean;
}

export interface LedgerExpectations {
  providerMovements?: ExpectedProviderMovement[];
}

export interface LedgerCheckResult {
  /** What was checked, for the report: [label, figure]. */
  figures: Array<[string, string]>;
  /** One line per disagreement; empty when the books balance. */
  mismatches: string[];
}

type Row = Record<string, unknown>;

/** Rows of a raw query whichever driver runs it (postgres-js answers an array, PGlite `{ rows }`). */
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const answer = (await db.execute(query)) as unknown;
  return Array.isArray(answer) ? (answer as Row[]) : ((answer as { rows: Row[] }).rows ?? []);
}

/** Up to this many offending rows are quoted per invariant. */
const QUOTED = 5;

async function expectNone(db: Db, mismatches: string[], what: string, query: SQL): Promise<void> {
  const found = await rows(db, query);
  if (found.length === 0) return;
  const sample = found
    .slice(0, QUOTED)
    .map((r) => JSON.stringify(r))
    .join('; ');
  mismatches.push(`${what}: ${found.length} (${sample}${found.length > QUOTED ? '; …' : ''})`);
}

/**
 * Audits the books of the database behind `db` (every tenant). Read-only;
 * run it once traffic has stopped, or a movement committing meanwhile may
 * show up as a transient difference.
 */
export async function checkLedger(db: Db, expected: LedgerExpectations = {}): Promise<LedgerCheckResult> {
  const mismatches: string[] = [];

  await expectNone(
    db,
    mismatches,
    'wallets whose balances differ from their ledger sums',
    sql`select w.user_id, w.balance::text as balance, coalesce(l.amount, 0)::text as ledger,
               w.balance_withdrawal::text as withdrawable, coalesce(l.withdrawable, 0)::text as ledger_withdrawable
        from wallets w
        left join (select user_id, sum(amount) as amount, sum(withdrawable_delta) as withdrawable from ledger_entries group by user_id) l on l.user_id = w.user_id
        where w.balance <> coalesce(l.amount, 0) or w.balance_withdrawal <> coalesce(l.withdrawable, 0)`,
  );
  await expectNone(
    db,
    mismatches,
    'players with ledger entries but no wallet',
    sql`select distinct l.user_id from ledger_entries l where not exists (select 1 from wallets w where w.user_id = l.user_id)`,
  );
  await expectNone(
    db,
    mismatches,
    'ledger rows whose balance_after is not the running sum',
    sql`select id, user_id from (
          select id, user_id, balance_after, balance_withdrawal_after,
                 sum(amount) over (partition by user_id order by id) as running,
                 sum(withdrawable_delta) over (partition by user_id order by id) as running_withdrawable
          from ledger_entries) x
        where balance_after <> running or balance_withdrawal_after <> running_withdrawable`,
  );

  await expectNone(
    db,
    mismatches,
    'paid Pix charges not credited exactly once',
    sql`select c.txid, (select count(*)::int from ledger_entries l
                        where l.tenant_id = c.tenant_id and l.type = 'deposit' and l.reference = c.end_to_end_id
                          and l.user_id = c.user_id and l.amount = c.amount) as credits
        from pix_charges c where c.status = 'paid'
          and (select count(*) from ledger_entries l
               where l.tenant_id = c.tenant_id and l.type = 'deposit' and l.reference = c.end_to_end_id
                 and l.user_id = c.user_id and l.amount = c.amount) <> 1`,
  );
  await expectNone(
    db,
    mismatches,
    'Pix deposits credited twice or for a charge that is not paid',
    sql`select l.metadata->>'txid' as txid, c.status, count(*)::int as credits
        from ledger_entries l left join pix_charges c on c.txid = l.metadata->>'txid'
        where l.type = 'deposit' and l.metadata->>'method' = 'pix'
        group by l.metadata->>'txid', c.status
        having count(*) <> 1 or c.status is distinct from 'paid'`,
  );

  await expectNone(
    db,
    mismatches,
    'withdrawals not reserved once, released twice, or released against their status',
    sql`select id, status, reserved, released, total from (
          select w.id, w.status,
            (select count(*)::int from ledger_entries l where l.tenant_id = w.tenant_id and l.type = 'withdraw'
               and l.reference = 'withdrawal:' || w.id and l.user_id = w.user_id and l.amount = -w.amount) as reserved,
            (select count(*)::int from ledger_entries l where l.tenant_id = w.tenant_id and l.type = 'withdraw'
               and l.reference = 'withdrawal-release:' || w.id and l.user_id = w.user_id and l.amount = w.amount) as released,
            (select count(*)::int from ledger_entries l where l.tenant_id = w.tenant_id and l.type = 'withdraw'
               and l.reference in ('withdrawal:' || w.id, 'withdrawal-release:' || w.id)) as total
          from withdrawals w) x
        where reserved <> 1 or released > 1 or total <> reserved + released
           or (released = 1) <> (status in (2, 3))`,
  );
  await expectNone(
    db,
    mismatches,
    'withdraw movements without their withdrawal',
    sql`select l.id, l.reference from ledger_entries l
        where l.type = 'withdraw' and l.reference ~ '^withdrawal(-release)?:[0-9]+$'
          and not exists (select 1 from withdrawals w where w.id = split_part(l.reference, ':', 2)::bigint and w.tenant_id = l.tenant_id)`,
  );

  await expectNone(
    db,
    mismatches,
    'house rounds whose stake or payout did not move exactly once',
    sql`select r.id from house_rounds r
        where not r.demo and r.user_id is not null and (
          (select count(*) from ledger_entries l where l.tenant_id = r.tenant_id and l.type = 'bet' and l.reference = 'house:' || r.id
             and l.user_id = r.user_id and l.amount = -r.amount) <> (case when r.amount > 0 then 1 else 0 end)
          or (select count(*) from ledger_entries l where l.tenant_id = r.tenant_id and l.type = 'win' and l.reference = 'house:' || r.id || ':win'
             and l.user_id = r.user_id and l.amount = r.payout) <> (case when r.payout > 0 then 1 else 0 end))`,
  );
  await expectNone(
    db,
    mismatches,
    'house movements without their round',
    sql`select l.id, l.reference from ledger_entries l
        where l.reference ~ '^house:[0-9]+(:win)?$'
          and not exists (select 1 from house_rounds r where r.id = split_part(l.reference, ':', 2)::bigint and not r.demo)`,
  );

  const provider = expected.providerMovements ?? [];
  if (provider.length > 0) await checkProviderMovements(db, provider, mismatches);

  const [totals] = await rows(
    db,
    sql`select (select count(*)::int from wallets) as wallets,
               (select count(*)::int from ledger_entries) as entries,
               (select coalesce(sum(balance), 0)::text from wallets) as balances,
               (select count(*)::int from pix_charges where status = 'paid') as paid_charges,
               (select count(*)::int from pix_charges) as charges,
               (select count(*)::int from withdrawals) as withdrawals,
               (select count(*)::int from ledger_entries where type = 'withdraw' and reference like 'withdrawal-release:%') as releases,
               (select count(*)::int from house_rounds where not demo) as house_rounds,
               (select count(*)::int from ledger_entries where metadata ? 'provider' and reference !~ '^house:') as provider_movements`,
  );
  const t = totals ?? {};
  const figures: Array<[string, string]> = [
    ['wallets = Σ ledger', `${String(t.wallets)} wallets, ${String(t.entries)} entries, Σ balances ${centavosText(String(t.balances))}`],
    ['paid charges credited once', `${String(t.paid_charges)} paid of ${String(t.charges)} charges`],
    ['withdrawals reserved once, released ≤ once', `${String(t.withdrawals)} withdrawals, ${String(t.releases)} releases`],
    ['house rounds moved once', `${String(t.house_rounds)} real-money rounds`],
    ['provider transactions applied once', `${String(t.provider_movements)} movements${provider.length > 0 ? `, ${provider.length} calls compared` : ''}`],
    ['mismatches', String(mismatches.length)],
  ];
  return { figures, mismatches };
}

/** Each provider call the sender saw end: accepted → exactly one entry of its type, reference and amount; refused → none. */
async function checkProviderMovements(db: Db, expected: ExpectedProviderMovement[], mismatches: string[]): Promise<void> {
  const found = await rows(
    db,
    sql`select tenant_id, type, reference, amount::text as amount from ledger_entries where metadata ? 'provider' and type in ('bet', 'win')`,
  );
  const byKey = new Map<string, string[]>();
  for (const r of found) {
    const key = `${String(r.tenant_id)}|${String(r.type)}|${String(r.reference)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), String(r.amount)]);
  }
  const wrong: string[] = [];
  for (const e of expected) {
    const amounts = byKey.get(`${e.tenantId}|${e.type}|${e.reference}`) ?? [];
    const ok = e.applied ? amounts.length === 1 && amounts[0] === String(e.amount) : amounts.length === 0;
    if (!ok) wrong.push(`${e.reference} ${e.applied ? 'accepted' : 'refused'}, ledger has [${amounts.join(', ')}]`);
  }
  if (wrong.length > 0) mismatches.push(`provider transactions not applied as answered: ${wrong.length} (${wrong.slice(0, QUOTED).join('; ')}${wrong.length > QUOTED ? '; …' : ''})`);
}

/** 123456 → "R$ 1,234.56" (figures for people). */
function centavosText(centavos: string): string {
  const n = Number(centavos);
  return `${n < 0 ? '-' : ''}R$ ${fmt(Math.abs(n) / 100, 2)}`;
}

/** Prints the figures and every mismatch; answers true when the books balance. */
export function printLedgerCheck(label: string, result: LedgerCheckResult, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): boolean {
  write(`${label} ledger check:`);
  for (const [what, figure] of result.figures) write(`  ${what.padEnd(44)} ${figure}`);
  for (const line of result.mismatches) write(`  MISMATCH ${line}`);
  return result.mismatches.length === 0;
}
