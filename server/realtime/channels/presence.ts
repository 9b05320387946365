/** A presence member as the protocol carries it. */
export interface PresenceMember {
  user_id: string;
  user_info: unknown;
}

/** The `presence` object of a presence channel's subscription_succeeded data. */
export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

/**
 * Members of one presence channel, as the in-process adapter keeps them. One user may hold several
 * sockets (tabs); the user is added with the first and removed with the last,
 * which is when member_added / member_removed are due.
 */
export class PresenceRoster {
  private readonly members = new Map<string, { info: unknown; sockets: Set<string> }>();
  private readonly userOfSocket = new Map<string, string>();

  /** Adds a socket's membership; true when the user was not present before. */
  add(socketId: string, member: PresenceMember): boolean {
    this.userOfSocket.set(socketId, member.user_id);
    const existing = this.members.get(member.user_id);
    if (existing) {
      existing.sockets.add(socketId);
      return false;
    }
    this.members.set(member.user_id, { info: member.user_info, sockets: new Set([socketId]) });
    return true;
  }

  /** Removes a socket's membership; returns the user id when that user has no socket left. */
  remove(socketId: string): string | null {
    const userId = this.userOfSocket.get(socketId);
    if (userId === undefined) return null;
    this.userOfSocket.delete(socketId);
    const entry = this.members.get(userId);
    if (!entry) return null;
    entry.sockets.delete(socketId);
    if (entry.sockets.size > 0) return null;
    this.members.delete(userId);
    return userId;
  }

  /** Every socket with its member, e.g. to write this node's members back into Redis after an outage. */
  sockets(): Array<[socketId: string, member: PresenceMember]> {
    return [...this.userOfSocket].map(([socketId, userId]) => [socketId, { user_id: userId, user_info: this.members.get(userId)?.info ?? null }]);
  }

  hasUser(userId: string): boolean {
    return this.members.has(userId);
  }

  get count(): number {
    return this.members.size;
  }

  snapshot(): PresenceSnapshot {
    const hash: Record<string, unknown> = {};
    for (const [id, entry] of this.members) hash[id] = entry.info;
    return { ids: [...this.members.keys()], hash, count: this.members.size };
  }
}
