import * as v from 'valibot';
import { MAX_AMOUNT_CENTAVOS } from './money.ts';
import type { WalletView } from './wallet.ts';

/**
 * Missions (issue 19, spec "Missions: GET /missions; GET /missions/{id};
 * POST /missions/{id}/claim; POST /missions/{id}/accept" and the "Mission
 * widget" entity). The operator defines missions; a player accepts one (or
 * the operator assigns it), real events move its progress on the server
 * (bets, rounds, wins, Pix deposits, chat messages), and a completed mission
 * is claimed once for its reward. Amounts are integer centavos; texts exist
 * in both site languages.
 */

/** A text in both site languages. */
export interface MissionText {
  pt: string;
  en: string;
}

/**
 * What a mission counts:
 * - `wager`: centavos staked (casino and sports stakes; a stake given back is taken off);
 * - `rounds`: stakes placed (one house round, one aggregator bet, one betslip each);
 * - `multiplier`: the best win multiplier of one round, ×100 (250 = 2,5×);
 * - `deposit`: centavos deposited by Pix (never on a regulated tenant);
 * - `chat`: messages posted in the chat.
 */
export const MISSION_KINDS = ['wager', 'rounds', 'multiplier', 'deposit', 'chat'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

/** Kinds whose events are game stakes or wins, so a scope may narrow them. */
export const SCOPED_MISSION_KINDS: readonly MissionKind[] = ['wager', 'rounds', 'multiplier'];

/**
 * Which stakes count (every part given must match; null: any game).
 * `game`: `{provider}/{gamecode}` as in `/casino/{provider}/{game}`, or a
 * house game's slug (`dice`, `limbo`, `plinko`, same as `house/dice`);
 * `category`: the catalogue's category slug (`sports` for sports bets);
 * `provider`: a provider code (`house` for the house games, `sportsbook` for sports bets).
 */
export interface MissionScope {
  game?: string;
  category?: string;
  provider?: string;
}

/** What a completed mission pays when claimed. */
export type MissionReward =
  | { kind: 'vip_points'; points: number }
  | { kind: 'bonus'; amount: number; rollover_multiplier: number }
  | { kind: 'box'; box_id: number; box_name: MissionText };

export const MISSION_STATUSES = ['available', 'accepted', 'completed', 'claimed', 'expired'] as const;
/**
 * The player's state of a mission: `available` (offered, not accepted;
 * always for a visitor), `accepted` (progressing), `completed` (target
 * reached, reward waiting), `claimed` (reward paid), `expired` (its window
 * ended before completion).
 */
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** A mission's definition, the first part of the player's and the operator's views. */
export interface MissionDefinitionView {
  id: number;
  title: MissionText;
  description: MissionText;
  kind: MissionKind;
  /** wager/deposit: centavos; rounds: count; multiplier: ×100 (250 = 2,5×); chat: messages. */
  target: number;
  scope: MissionScope | null;
  reward: MissionReward;
  starts_at: string | null;
  ends_at: string | null;
}

/** One mission as the player's calls answer it (and the realtime events carry it). */
export interface MissionView extends MissionDefinitionView {
  status: MissionStatus;
  /** Same unit as `target`, never above it (0 for a visitor or before accepting). */
  progress: number;
  /** progress / target, rounded down, 0..100. */
  percent: number;
  accepted_at: string | null;
  completed_at: string | null;
  claimed_at: string | null;
}

/** `GET /missions`. */
export interface MissionListAnswer {
  data: MissionView[];
}

/** `GET /missions/{id}`, `POST /missions/{id}/accept`. */
export interface MissionAnswer {
  mission: MissionView;
}

/** `POST /missions/{id}/claim`: the mission (now `claimed`), the reward paid and, for bonus money, the wallet after it. */
export interface MissionClaimAnswer {
  mission: MissionView;
  reward: MissionReward;
  wallet?: WalletView;
}

/**
 * Realtime on the player's private channel `universal.{id}`:
 * `MissionAssigned` {mission} when the operator assigns a mission;
 * `MissionProgress` {mission} when an event moved an accepted mission's
 * progress (or completed it), sent after the event's transaction committed.
 */
export interface MissionEventPayload {
  mission: MissionView;
}

/**
 * What an operator's chat message carries in its `mission` field (the chat's
 * free-form record of texts, numbers and booleans): a mission players can
 * accept from the chat. `id` must be one of the tenant's missions (422
 * `mission.id` otherwise); `title` is one text (the chat's language),
 * the mission's Portuguese title when the operator gives none.
 */
export interface ChatMission {
  id: number;
  title: string;
}

/** The site's widget state (client only, spec "Mission widget"). */
export interface MissionWidgetState {
  id: number;
  positionY: number;
  isOpen: boolean;
  isClaimed: boolean;
  completed_at: string | null;
  claimed_at: string | null;
}

/** Largest mission target (any unit). */
export const MAX_MISSION_TARGET = MAX_AMOUNT_CENTAVOS;
/** Largest VIP-point reward. */
export const MAX_MISSION_POINTS = 1_000_000;

/** Keys of i18n messages of the operator's validation (translated per request). */
const M = {
  title: 'missionsApi.validation.title',
  description: 'missionsApi.validation.description',
  kind: 'missionsApi.validation.kind',
  target: 'missionsApi.validation.target',
  scope: 'missionsApi.validation.scope',
  scopeKind: 'missionsApi.validation.scopeKind',
  reward: 'missionsApi.validation.reward',
  date: 'missionsApi.validation.date',
  window: 'missionsApi.validation.window',
  flag: 'missionsApi.validation.flag',
  userId: 'missionsApi.validation.userId',
} as const;

const line = (key: string, max: number) => v.pipe(v.string(key), v.trim(), v.minLength(1, key), v.maxLength(max, key));
const localized = (key: string, max: number) => v.object({ pt: line(key, max), en: line(key, max) }, key);
const integerIn = (key: string, min: number, max: number) => v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key));
const slug = (max: number) => v.pipe(v.string(M.scope), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9][a-z0-9-]*$/, M.scope), v.maxLength(max, M.scope));
const gameKey = v.pipe(v.string(M.scope), v.trim(), v.toLowerCase(), v.regex(/^([a-z0-9][a-z0-9-]{0,62}\/)?[a-z0-9][a-z0-9-]{0,126}$/, M.scope));
const instant = v.nullable(v.pipe(v.string(M.date), v.isoTimestamp(M.date)));

export const MissionScopeSchema = v.nullable(
  v.pipe(
    v.strictObject({ game: v.optional(gameKey), category: v.optional(slug(63)), provider: v.optional(slug(63)) }, M.scope),
    v.check((s) => s.game !== undefined || s.category !== undefined || s.provider !== undefined, M.scope),
  ),
);

/** A reward as the operator writes it (a box by id; its name comes from the box). */
export const MissionRewardInputSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('vip_points'), points: integerIn(M.reward, 1, MAX_MISSION_POINTS) }),
    v.object({ kind: v.literal('bonus'), amount: integerIn(M.reward, 1, MAX_AMOUNT_CENTAVOS), rollover_multiplier: integerIn(M.reward, 0, 100) }),
    v.object({ kind: v.literal('box'), box_id: integerIn(M.reward, 1, 2_147_483_647) }),
  ],
  M.reward,
);
export type MissionRewardInput = v.InferOutput<typeof MissionRewardInputSchema>;

const missionFields = {
  title: localized(M.title, 120),
  description: v.optional(v.object({ pt: v.pipe(v.string(M.description), v.trim(), v.maxLength(500, M.description)), en: v.pipe(v.string(M.description), v.trim(), v.maxLength(500, M.description)) }, M.description), { pt: '', en: '' }),
  kind: v.picklist(MISSION_KINDS, M.kind),
  target: integerIn(M.target, 1, MAX_MISSION_TARGET),
  scope: v.optional(MissionScopeSchema, null),
  reward: MissionRewardInputSchema,
  starts_at: v.optional(instant, null),
  ends_at: v.optional(instant, null),
  /** Listed to every player (`GET /missions`); false: only players the operator assigns it to. */
  offered: v.optional(v.boolean(M.flag), true),
  active: v.optional(v.boolean(M.flag), true),
};

/**
 * A whole mission as the operator writes it (`POST /operator/missions`; a
 * `PATCH` is merged onto the stored mission and the result checked with
 * this). Defaults: empty description, no scope, no window, offered, active.
 * A scope only on wager/rounds/multiplier; a multiplier target is ×100 and
 * at least 101 (above 1×); the window must end after it starts.
 */
export const MissionInputSchema = v.pipe(
  v.object(missionFields),
  v.forward(
    v.check((m) => m.scope === null || SCOPED_MISSION_KINDS.includes(m.kind), M.scopeKind),
    ['scope'],
  ),
  v.forward(
    v.check((m) => m.kind !== 'multiplier' || m.target > 100, M.target),
    ['target'],
  ),
  v.forward(
    v.check((m) => !m.starts_at || !m.ends_at || Date.parse(m.ends_at) > Date.parse(m.starts_at), M.window),
    ['ends_at'],
  ),
);
export type MissionInput = v.InferOutput<typeof MissionInputSchema>;

/** `PATCH /operator/missions/{id}`: any of the fields (checked whole once merged). */
export const MissionPatchSchema = v.partial(v.object(missionFields));

/** `POST /operator/missions/{id}/assign {user_id}`. */
export const MissionAssignSchema = v.object({ user_id: integerIn(M.userId, 1, 2_147_483_647) });

/** The operator's view of a mission (`GET /operator/missions`…): the definition and how many players took it. */
export interface OperatorMissionView extends MissionDefinitionView {
  offered: boolean;
  active: boolean;
  accepted: number;
  completed: number;
  claimed: number;
  created_at: string;
  updated_at: string;
}
