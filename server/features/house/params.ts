import * as v from 'valibot';
import { HOUSE_GAMES, type HouseGame } from '../../../src/contract/casino.ts';
import { HOUSE_MAX_BET, HOUSE_MIN_BET } from '../../../src/contract/house.ts';
import { CentavosSchema } from '../../../src/contract/money.ts';
import { VALIDATION_KEYS } from '../../../src/contract/validation/keys.ts';
import { CLIENT_SEED_PATTERN } from './fairness/seed.ts';
import { DICE_TARGET_MAX, DICE_TARGET_MIN } from './games/dice.ts';
import { LIMBO_TARGET_MAX, LIMBO_TARGET_MIN, LIMBO_TARGET_STEP } from './games/limbo.ts';
import { PLINKO_RISKS, PLINKO_ROWS } from './games/plinko.ts';
import { HOUSE_KEYS } from './messages.ts';

const integer = (key: string) => v.pipe(v.number(key), v.integer(key));

export const DiceParamsSchema = v.object({
  target: v.config(
    v.pipe(integer(HOUSE_KEYS.diceTarget), v.minValue(DICE_TARGET_MIN, HOUSE_KEYS.diceTarget), v.maxValue(DICE_TARGET_MAX, HOUSE_KEYS.diceTarget)),
    { abortPipeEarly: true },
  ),
  direction: v.picklist(['over', 'under'], HOUSE_KEYS.direction),
});

export const LimboParamsSchema = v.object({
  target: v.config(
    v.pipe(
      integer(HOUSE_KEYS.limboTarget),
      v.minValue(LIMBO_TARGET_MIN, HOUSE_KEYS.limboTarget),
      v.maxValue(LIMBO_TARGET_MAX, HOUSE_KEYS.limboTarget),
      v.multipleOf(LIMBO_TARGET_STEP, HOUSE_KEYS.limboTarget),
    ),
    { abortPipeEarly: true },
  ),
});

export const PlinkoParamsSchema = v.object({
  rows: v.picklist(PLINKO_ROWS, HOUSE_KEYS.rows),
  risk: v.picklist(PLINKO_RISKS, HOUSE_KEYS.risk),
});

const PARAMS_SCHEMAS = { dice: DiceParamsSchema, limbo: LimboParamsSchema, plinko: PlinkoParamsSchema } as const;

/** A house-game stake: positive integer centavos (CentavosSchema), then R$ 0,10 … R$ 1.000,00. */
export const HouseAmountSchema = v.config(
  v.pipe(CentavosSchema, v.minValue(HOUSE_MIN_BET, HOUSE_KEYS.amountMin), v.maxValue(HOUSE_MAX_BET, HOUSE_KEYS.amountMax)),
  { abortPipeEarly: true },
);

/** `POST /house/{game}/play` body for `game`. */
export function playBodySchema(game: HouseGame) {
  return v.object({
    amount: HouseAmountSchema,
    demo: v.optional(v.boolean(VALIDATION_KEYS.generic), false),
    params: PARAMS_SCHEMAS[game],
  });
}

/**
 * `POST /house/{game}/play` body playing a free round: `free_round: true`, the params; `demo` absent or false;
 * `amount` ignored (the grant's stake is played).
 */
export function freeRoundBodySchema(game: HouseGame) {
  return v.object({
    free_round: v.literal(true, HOUSE_KEYS.freeRound),
    demo: v.optional(v.literal(false, HOUSE_KEYS.freeRoundDemo), false),
    params: PARAMS_SCHEMAS[game],
  });
}

/** True when a play body asks for a free round (then `freeRoundBodySchema` applies). */
export function asksFreeRound(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'free_round' in body && (body as { free_round: unknown }).free_round !== false;
}

export function isHouseGame(value: string): value is HouseGame {
  return (HOUSE_GAMES as readonly string[]).includes(value);
}

/** A client seed as fairness/seed.ts defines it (1–64 printable ASCII characters). */
const ClientSeedSchema = v.pipe(v.string(HOUSE_KEYS.clientSeed), v.regex(CLIENT_SEED_PATTERN, HOUSE_KEYS.clientSeed));

/** `POST /house/verify` body: seeds as strings (the server seed is any string the player copied), nonce ≥ 0. */
export const VerifyBodySchema = v.object({
  game: v.picklist(HOUSE_GAMES, HOUSE_KEYS.game),
  server_seed: v.pipe(v.string(VALIDATION_KEYS.generic), v.minLength(1, VALIDATION_KEYS.generic), v.maxLength(128, VALIDATION_KEYS.generic)),
  client_seed: ClientSeedSchema,
  nonce: v.config(v.pipe(integer(VALIDATION_KEYS.generic), v.minValue(0, VALIDATION_KEYS.generic), v.maxValue(2_147_483_647, VALIDATION_KEYS.generic)), {
    abortPipeEarly: true,
  }),
  params: v.unknown(),
});

export const ClientSeedBodySchema = v.object({
  client_seed: ClientSeedSchema,
});

/** `{ params }` checked for `game`, so field errors read `params.target` like the play call's. */
export function paramsOnlySchema(game: HouseGame) {
  return v.object({ params: PARAMS_SCHEMAS[game] });
}
