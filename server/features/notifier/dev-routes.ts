import { Hono } from 'hono';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { listOutbox } from './outbox.ts';

/**
 * `GET /dev/outbox?to=+5511…` → `{ data: [{ channel, to, subject, text, created_at }] }`,
 * newest first, for the request's tenant. DEVELOPMENT AID: mounted only when
 * DEV_OUTBOX=true (browser tests read verification codes with it).
 */
export function devOutboxRoutes(db: Db): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/dev/outbox', async (c) => {
    const to = c.req.query('to')?.trim() || undefined;
    const rows = await listOutbox(db, c.get('tenant').id, { ...(to ? { to } : {}), limit: 20 });
    c.header('Cache-Control', 'no-store');
    return c.json({
      data: rows.map((r) => ({ channel: r.channel, to: r.destination, subject: r.subject, text: r.body, created_at: r.createdAt.toISOString() })),
    });
  });
}
