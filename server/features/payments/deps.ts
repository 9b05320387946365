import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { TenantContext } from '../../http/context.ts';
import type { PixReceiver } from './pix/receiver.ts';
import type { Psp } from './psp.ts';

/** Sends a realtime event (wire name) to channels; main.ts passes the realtime server's `publish`, tests a recorder. */
export type Publish = (channels: string[], event: string, data: unknown) => Promise<void>;

export interface PaymentsDeps {
  db: Db;
  psp: Psp;
  publish: Publish;
  /** PIX_WEBHOOK_SECRET: key of the webhook's HMAC signature. */
  webhookSecret: string;
  /** The platform's clock (charge creation and expiry). */
  now: () => Date;
  log: Logger;
  /** What a tenant's BR Codes carry: its receiver (legal name and city) and where its payload locations live. */
  pixIssuer: (tenant: TenantContext) => { receiver: PixReceiver; locationBase: string };
  /** True when players may pay their own charges through the sandbox (sandbox PSP, not production): the charge answer says so. */
  demoPay: boolean;
}

/** Deposit charges expire 5 minutes after creation (specification). */
export const DEPOSIT_EXPIRY_SECONDS = 300;
