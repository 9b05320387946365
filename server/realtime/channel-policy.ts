import type { Actor, TenantContext } from '../http/context.ts';
import { realtimeChannel } from '../../src/contract/realtime.ts';

/** The id an actor's private channel and presence membership use: guest id, or user id. */
export function actorId(actor: Actor): string {
  return actor.kind === 'guest' ? actor.guestId : String(actor.userId);
}

/**
 * Who may join which channel (spec section 7): the tenant's public channel
 * and its presence twin for any actor of that tenant, and
 * `private-universal.{id}` only for the actor whose id it is. Every other
 * channel — another tenant's, another actor's, unknown names — is refused.
 * Tenant channels are named by the tenant's own row id, never by a
 * configuration value an operator could set to another tenant's.
 */
export function channelPolicy(actor: Actor, tenant: TenantContext, channelName: string): boolean {
  const allowed = [
    realtimeChannel.tenantPublic(tenant.id),
    realtimeChannel.tenantPresence(tenant.id),
    realtimeChannel.actorPrivate(actorId(actor)),
  ];
  return allowed.includes(channelName);
}
