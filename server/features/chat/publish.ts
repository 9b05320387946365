import type { ChatMessageSentPayload } from '../../../src/contract/chat.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { ChatDeps } from './deps.ts';

/**
 * Sends `MessageSent` on the tenant's public channel `universal-public.{casino_id}`
 * (guests and players alike listen there), named by the tenant's own id. A
 * failure is logged and never undoes what was stored: clients catch up on
 * their next fetch.
 */
export async function publishMessageSent(deps: Pick<ChatDeps, 'publish' | 'log'>, tenantId: number, payload: ChatMessageSentPayload): Promise<void> {
  try {
    await deps.publish([realtimeChannel.tenantPublic(tenantId)], wireEventName(RealtimeEvent.MessageSent), payload);
  } catch (error) {
    deps.log.warn(`chat: MessageSent for message ${payload.id} not sent`, error);
  }
}
