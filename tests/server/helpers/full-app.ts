import type { Hono } from 'hono';
import { createApp } from '../../../server/app.ts';
import { getConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/open.ts';
import { createSandboxPsp } from '../../../server/features/payments/sandbox/sandbox-psp.ts';
import { createWithdrawalsDeps } from '../../../server/features/withdrawals/deps.ts';
import { broadcastingRoutes } from '../../../server/realtime/broadcasting-routes.ts';
import { channelPolicy } from '../../../server/realtime/channel-policy.ts';
import { fakeSiteBuilder, silentLog } from './app.ts';

export const FUZZ_WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';

/**
 * The app wired as server/main.ts wires it (sandbox PSP with payments and
 * withdrawals, the broadcasting auth routes, the dev outbox), so every route a
 * production server mounts is reachable; the sandbox's webhooks are never sent
 * (payouts settle only on demand) and realtime events are dropped.
 */
export function fullApp(db: Db, env: Record<string, string> = {}): Hono {
  const config = getConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    PIX_WEBHOOK_SECRET: FUZZ_WEBHOOK_SECRET,
    PIX_WEBHOOK_URL: 'http://localhost/api/pix/webhook',
    ...env,
  });
  const psp = createSandboxPsp({
    db,
    merchantName: 'Cassino Fuzz',
    merchantCity: 'Sao Paulo',
    webhookUrl: config.pix.webhookUrl,
    webhookSecret: FUZZ_WEBHOOK_SECRET,
    fetch: async () => new Response(null, { status: 204 }),
    payoutDelayMs: null,
  });
  const publish = async (): Promise<void> => {};
  const withdrawals = createWithdrawalsDeps({ db, psp, publish, config, log: silentLog });
  return createApp({
    db,
    config,
    sites: fakeSiteBuilder(),
    logger: silentLog,
    extraRoutes: [broadcastingRoutes({ key: config.realtime.key, secret: config.realtime.secret, canJoin: channelPolicy })],
    payments: { psp, publish },
    publish,
    withdrawals,
  });
}
