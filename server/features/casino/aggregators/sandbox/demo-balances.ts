/** Demo credits of a new launch: R$ 1.000,00. */
export const DEMO_START_BALANCE = 100_000;

/** Launches remembered at once; the oldest is forgotten past it (its player starts over at R$ 1.000,00). */
const MAX_SESSIONS = 20_000;

/**
 * Demo balances, per launch session, in memory: play money the sandbox
 * keeps for itself (no wallet call, nothing in the platform's ledger). A
 * restart resets them, which is fine for credits that are not money.
 */
export interface DemoBalances {
  balance(sid: string): number;
  /** Takes `stake` when the balance holds it (synchronously, so concurrent rounds never overdraw), else false. */
  take(sid: string, stake: number): boolean;
  give(sid: string, amount: number): number;
}

export function createDemoBalances(): DemoBalances {
  const balances = new Map<string, number>();
  const current = (sid: string): number => {
    const known = balances.get(sid);
    if (known !== undefined) return known;
    if (balances.size >= MAX_SESSIONS) balances.delete(balances.keys().next().value!);
    balances.set(sid, DEMO_START_BALANCE);
    return DEMO_START_BALANCE;
  };
  return {
    balance: current,
    take(sid, stake) {
      const now = current(sid);
      if (stake > now) return false;
      balances.set(sid, now - stake);
      return true;
    },
    give(sid, amount) {
      const now = current(sid) + amount;
      balances.set(sid, now);
      return now;
    },
  };
}
