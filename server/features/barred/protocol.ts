import * as v from 'valibot';

/**
 * The barred-bettor service's wire protocol (SIGAP "impedidos"). The real
 * SIGAP API is not public: this is our documented, plausible reading of
 * it (docs/barred-players.md, "Protocol"). Only the adapter
 * (./sigap-client.ts) and the sandbox stand-in (./sandbox/) know it; the
 * rest of the platform sees `BarredAnswer`.
 *
 * 1. `POST {base}/oauth/token` — OAuth 2 client credentials (RFC 6749 §4.4):
 *    `Authorization: Basic base64(client_id:client_secret)`, form body
 *    `grant_type=client_credentials` → 200 `{ access_token, token_type: "Bearer", expires_in }`;
 *    401 `{ error: "invalid_client" }`.
 * 2. `POST {base}/v1/impedidos/consulta` — `Authorization: Bearer <token>`,
 *    JSON `{ cpfs: ["00000000000", …] }` (1 to 1,000 distinct 11-digit CPFs)
 *    → 200 `{ consultado_em, resultados: [{ cpf, impedido, motivo, desde }] }`,
 *    one result per CPF asked (`motivo` and `desde` null when not barred);
 *    401 `{ error: "invalid_token" }` (expired: get a new token);
 *    400 `{ error: "invalid_request", message }`; 429 / 5xx: try later.
 */

export const TOKEN_PATH = '/oauth/token';
export const QUERY_PATH = '/v1/impedidos/consulta';
/** Most CPFs one query may carry. */
export const MAX_BATCH = 1000;

const Cpf = v.pipe(v.string(), v.regex(/^\d{11}$/));

export const TokenAnswerSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.pipe(v.string(), v.check((t) => t.toLowerCase() === 'bearer')),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type TokenAnswer = v.InferOutput<typeof TokenAnswerSchema>;

export const QueryRequestSchema = v.object({
  cpfs: v.pipe(
    v.array(Cpf),
    v.minLength(1),
    v.maxLength(MAX_BATCH),
    v.check((cpfs) => new Set(cpfs).size === cpfs.length, 'distinct'),
  ),
});
export type QueryRequest = v.InferOutput<typeof QueryRequestSchema>;

export const QueryResultSchema = v.object({
  cpf: Cpf,
  impedido: v.boolean(),
  /** The regulator's reason (code or text), as given. */
  motivo: v.nullable(v.string()),
  /** Day the bar started (YYYY-MM-DD), as given. */
  desde: v.nullable(v.string()),
});
export type QueryResult = v.InferOutput<typeof QueryResultSchema>;

export const QueryAnswerSchema = v.object({
  consultado_em: v.string(),
  resultados: v.array(QueryResultSchema),
});
export type QueryAnswer = v.InferOutput<typeof QueryAnswerSchema>;

/** What the platform knows of one CPF after a check (the protocol's words kept out). */
export interface BarredAnswer {
  cpf: string;
  barred: boolean;
  reason: string | null;
  /** The regulator's start day of the bar (YYYY-MM-DD) or null. */
  since: string | null;
}
