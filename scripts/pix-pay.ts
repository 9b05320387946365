/**
 * Pays a Pix charge of the running platform through the sandbox PSP, as a
 * player's bank would: `npm run pix:pay -- <txid> [--cpf 12345678909]`.
 * Asks the running platform (PORT, or PIX_PAY_URL) to settle the charge; the
 * sandbox records the payment, then delivers the signed webhook exactly as a
 * real PSP would, retrying until the platform acknowledges it. The
 * request is signed with PIX_WEBHOOK_SECRET, the same secret the platform
 * uses. `--cpf` pays from another CPF (the platform then refunds it).
 */
import { parseArgs } from 'node:util';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../server/features/payments/signature.ts';
import { configFromEnvOrExit } from '../server/main.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { cpf: { type: 'string' } } });
const txid = positionals[0];
if (!txid || (values.cpf !== undefined && !/^\d{11}$/.test(values.cpf))) {
  process.stderr.write('Usage: npm run pix:pay -- <txid> [--cpf 12345678909]\n');
  process.exit(2);
}
const config = configFromEnvOrExit();
const url = process.env.PIX_PAY_URL ?? `http://127.0.0.1:${config.port}/api/pix/sandbox/pay`;
const body = JSON.stringify({ txid, ...(values.cpf ? { cpf: values.cpf } : {}) });
try {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, config.pix.webhookSecret) },
    body,
  });
  const answer = (await response.json()) as { valor?: string; endToEndId?: string; webhookStatus?: number; message?: string };
  if (!response.ok) {
    process.stderr.write(`Not paid (${response.status}): ${answer.message ?? 'unknown error'}\n`);
    process.exitCode = 1;
  } else {
    const acknowledged = answer.webhookStatus !== undefined && answer.webhookStatus >= 200 && answer.webhookStatus < 300;
    const webhook = acknowledged
      ? `the platform's webhook answered ${answer.webhookStatus}`
      : `the platform's webhook did not acknowledge it (${answer.webhookStatus ? `answered ${answer.webhookStatus}` : 'no answer'}); the sandbox retries it with backoff, across restarts, until it does`;
    process.stdout.write(`Paid R$ ${answer.valor} to txid ${txid} (endToEndId ${answer.endToEndId}); ${webhook}\n`);
    process.exitCode = acknowledged ? 0 : 1;
  }
} catch (error) {
  process.stderr.write(`Could not reach the platform at ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
