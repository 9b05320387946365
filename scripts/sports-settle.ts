/**
 * Settles a betslip of the running product's sandbox sportsbook, as the
 * provider's traders would: `npm run sports:settle -- <betslip> won|lost|void`
 * (also `half-won`, `cashed-out`). Asks the running platform (PORT, or
 * SPORTS_SETTLE_URL for the sandbox's base) to settle it; the sandbox then
 * sends the signed bet/win, bet/lost or bet/refund callback to the platform
 * exactly as a real provider does, retrying with backoff (also after a
 * restart) until the platform acknowledges it. Demo only: there is no
 * sandbox in production mode.
 */
import { SANDBOX_RESULTS, type SandboxResult } from '../server/features/sportsbook/sandbox/sandbox-sportsbook.ts';
import { configFromEnvOrExit } from '../server/main.ts';

const [betslip, result] = process.argv.slice(2).filter((arg) => arg !== '--');
if (!betslip || !result || !(SANDBOX_RESULTS as readonly string[]).includes(result)) {
  process.stderr.write(`Usage: npm run sports:settle -- <betslip id> ${SANDBOX_RESULTS.join('|')}\n`);
  process.exit(2);
}
const config = configFromEnvOrExit();
const base = process.env.SPORTS_SETTLE_URL ?? `http://127.0.0.1:${config.port}/sandbox-sportsbook`;
const url = `${base}/api/bets/${encodeURIComponent(betslip)}/settle`;
try {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' }, body: JSON.stringify({ result: result as SandboxResult }) });
  const answer = (await response.json()) as { status?: string; message?: string; code?: string };
  if (response.status === 200) process.stdout.write(`Betslip ${betslip} settled ${answer.status}: the platform acknowledged the callback\n`);
  else if (response.status === 202) process.stdout.write(`Betslip ${betslip} is settling: the platform has not acknowledged the callback yet; the sandbox retries it with backoff, across restarts\n`);
  else {
    process.stderr.write(`Not settled (${response.status}${answer.code ? ` ${answer.code}` : ''}): ${answer.message ?? 'unknown error'}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`Could not reach the platform at ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
