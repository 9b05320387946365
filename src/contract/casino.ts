import type { Locale } from './tenant-bundle.ts';
import type { PagedList } from './wallet.ts';

/**
 * Casino contract (specification sections 3, 4 and 7): the Game entity, the
 * catalogue calls, the built-in ("house") provider's play calls and the
 * realtime bet event. Amounts are integer centavos; multipliers are
 * integers in 1/10000 (`15000` = 1.5×) so no float crosses the wire.
 */

/** Items per page of every game list (spec: 24). */
export const GAMES_PAGE_SIZE = 24;

/** Game types of the catalogue, the `type` filter of `GET /casinos/games`. */
export const GAME_TYPES = ['slot', 'live', 'table', 'crash', 'instant'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** The Game entity of section 3, as every game call answers it. */
export interface GameView {
  /** Platform id (likes, favorites: `/games/like/{id}`). */
  id: number;
  /** The provider's own id of the game. */
  game_id: string;
  title: string;
  /** URL slug of the game within its provider: `/casino/{providercode}/{gamecode}`. */
  gamecode: string;
  /** URL slug of the provider. */
  providercode: string;
  provider_name: string;
  has_tables: boolean;
  only_demo: boolean;
  bonus_allowed: boolean;
  views: number;
  /** Absolute URL or site path of the cover image. */
  image: string;
  image_mobile: string;
  category_slug: string;
  /** For the caller: did this player like / favorite it (false for guests). */
  hasLike: boolean;
  totalLikes: number;
  hasFavorite: boolean;
  type: GameType;
  /** Return to player in basis points (9700 = 97.00 %), or null when the provider does not state it. */
  rtp: number | null;
}

/** A game provider (`GET /games/providers`). */
export interface ProviderView {
  id: number;
  /** URL slug (`providercode` of its games). */
  code: string;
  name: string;
  /** Absolute URL or site path of the logo, or null. */
  image: string | null;
  games_count: number;
}

/**
 * `GET /casinos/games` query: `page` (1-based), `provider` (`all` or a comma
 * list of provider codes), `searchTerm` (title contains, case- and
 * accent-insensitive), `category` (category slug), `type` (GameType),
 * `bonuses` (`1` = only games where bonus money may be used).
 * Answer: PagedList<GameView>, 24 a page, most viewed first.
 */
export interface GamesQuery {
  page?: number;
  provider?: string;
  searchTerm?: string;
  category?: string;
  type?: GameType;
  bonuses?: boolean;
}

/** Answers of the catalogue calls. */
export type GamesPage = PagedList<GameView>;
export type ProvidersPage = PagedList<ProviderView>;
/** `POST /games/get {game_id: gamecode, provider_code}` → `{ game }`; 404 for an unknown pair. */
export interface GameAnswer {
  game: GameView;
}
/** `POST /games/getRelated {game_id: gamecode, provider_code}` → `{ related_games }` (same category or provider, at most 12). */
export interface RelatedGamesAnswer {
  related_games: GameView[];
}
/** `POST /games/like/{id}` → `{ action, totalLikes }`: action true = the player likes it now. */
export interface LikeAnswer {
  action: boolean;
  totalLikes: number;
}
/** `POST /games/favorite/{id}` → `{ action }`: action true = it is a favorite now. */
export interface FavoriteAnswer {
  action: boolean;
}
/**
 * `POST /games/url {game_id: gamecode, provider_code, demo?, lang?}` →
 * `{ gameUrl }`: where to load the game (an iframe in the game page), in the
 * page's language (`lang`: `pt` | `en`; absent, `Accept-Language` decides).
 * Real-money play needs a logged-in player (401 otherwise); `only_demo`
 * games always launch in demo. Any failure shows the game page's maintenance
 * state. A launch is not a play: the game joins the player's recent games
 * with their first round.
 */
export interface GameUrlAnswer {
  gameUrl: string;
}

/** What a tenant's static build knows of its catalogue (the TenantBundle's `casino`). */
export interface CatalogueBundle {
  games: CatalogueGame[];
  providers: Omit<ProviderView, 'id'>[];
}

/** A game as pre-rendered pages need it (no per-player fields). */
export interface CatalogueGame {
  id: number;
  title: string;
  gamecode: string;
  providercode: string;
  provider_name: string;
  category_slug: string;
  type: GameType;
  image: string;
  rtp: number | null;
  only_demo: boolean;
  /** Operator-written description per locale, or null. */
  description: Record<Locale, string | null>;
}

/* ------------------------------------------------------------------ */
/* House games (the built-in provider, code `house`)                    */
/* ------------------------------------------------------------------ */

export const HOUSE_PROVIDER_CODE = 'house';
export const HOUSE_GAMES = ['dice', 'limbo', 'plinko'] as const;
export type HouseGame = (typeof HOUSE_GAMES)[number];

/** Dice: roll 0.00–99.99; win when the roll is over/under `target` (hundredths: 5000 = 50.00). */
export interface DiceParams {
  target: number;
  direction: 'over' | 'under';
}
/** Limbo: a crash-style multiplier; win when it reaches `target` (1/10000: 20000 = 2.00×). */
export interface LimboParams {
  target: number;
}
/** Plinko: a ball through `rows` rows of pins, payout by the slot it lands in. */
export interface PlinkoParams {
  rows: 8 | 12 | 16;
  risk: 'low' | 'medium' | 'high';
}
export type HouseParams = { game: 'dice'; params: DiceParams } | { game: 'limbo'; params: LimboParams } | { game: 'plinko'; params: PlinkoParams };

/** What the round produced, per game. */
export type HouseOutcome =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'plinko'; path: ('L' | 'R')[]; slot: number };

/**
 * `POST /house/{game}/play {amount, demo, params}` → `{ round, wallet? }`
 * (wallet when real money moved). Real money needs a logged-in player; demo
 * rounds move no money, are played with the actor's own seeds all the same
 * and stored as demo. 422 for bad params or amounts, insufficient funds.
 */
export interface HouseRoundView {
  id: number;
  game: HouseGame;
  demo: boolean;
  /** Stake in centavos. */
  amount: number;
  /** Paid back in centavos (0 on a loss). */
  payout: number;
  /** Payout multiplier in 1/10000. */
  multiplier: number;
  params: HouseParams['params'];
  outcome: HouseOutcome;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  /** Revealed once the seed pair was rotated; null before. */
  server_seed: string | null;
  created_at: string;
}

/**
 * `GET /house/fairness` → the actor's active seed pair: the SHA-256 hex of
 * the server seed (the seed itself stays secret until rotation), the client
 * seed and the next nonce. `POST /house/fairness/client-seed {client_seed}`
 * sets the client seed (1–64 printable characters; starts a new pair, nonce
 * 0, revealing the previous server seed); `POST /house/fairness/rotate`
 * reveals the server seed and starts a new pair → `{ revealed, active }`.
 */
export interface FairnessState {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}
export interface RevealedSeed {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** Rounds played with this pair (nonces 0 … rounds-1). */
  rounds: number;
}

/**
 * `POST /house/verify {game, server_seed, client_seed, nonce, params}` →
 * `{ outcome, multiplier, server_seed_hash }`: recomputes a round from its
 * seeds with HMAC-SHA256(server_seed, `${client_seed}:${nonce}`), without
 * touching any stored data (anyone may call it).
 */
export interface VerifyAnswer {
  outcome: HouseOutcome;
  multiplier: number;
  server_seed_hash: string;
}

/** Return to player of each house game, basis points (Brazilian rule: shown to the player; ≥ 9500). */
export const HOUSE_RTP_BPS: Record<HouseGame, number> = { dice: 9900, limbo: 9900, plinko: 9900 };

/**
 * `BetPlaced` payload on the tenant's public channel (spec "Bet event"):
 * one event for the stake (`type: 'bet'`) and one for the payout
 * (`type: 'win'`, amount 0 on a loss) with the same `transaction`.
 */
export interface BetPlacedEvent {
  type: 'bet' | 'win';
  transaction: string;
  game: { title: string; gamecode: string; providercode: string };
  /** Public name only (first name); '' for a player whose privacy settings hide their username, activity or everything (shown as anonymous). */
  user: { name: string };
  /** Centavos. */
  amount: number;
  date: string;
}
