import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { buildBrCode } from '../../../../../server/features/payments/pix/brcode.ts';

/**
 * A small PSP speaking the Pix API standard (plus the DICT/payout extension
 * of server/features/payments/bcb-api/README.md) over mutual TLS, for the
 * adapter's tests. Written from the standard, not from the adapter: it checks
 * credentials, bodies and tokens itself and records every request.
 */

export interface Recorded {
  method: string;
  /** Path as sent (still percent-encoded), e.g. `/api/v2/dict/%2B5511…`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** CN of the client certificate presented on the connection. */
  clientCn: string | null;
}

export interface CannedAnswer {
  status: number;
  body?: unknown;
  contentType?: string;
  /** Never answer (timeouts). */
  hang?: boolean;
  /** Close the connection without answering. */
  destroy?: boolean;
}

export interface StandInOptions {
  caCert: string;
  serverCert: string;
  serverKey: string;
}

export interface StandInPsp {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `calendario.criacao` the stand-in writes on every charge. */
  createdAt: string;
  /** `expires_in` of the next tokens. */
  expiresIn: number;
  /** API requests (token requests are in `tokenRequests`). */
  requests: Recorded[];
  tokenRequests: Recorded[];
  /** Tokens issued so far, in order. */
  issued: string[];
  /** Makes every issued token invalid (the next API call gets 401). */
  revokeTokens(): void;
  /** The next request whose `METHOD path` matches `match` gets `answer` instead (once per call). */
  answerNext(match: RegExp, answer: CannedAnswer): void;
  /** DICT entries by key. */
  dict: Map<string, unknown>;
  /** Payouts by idEnvio: the request body and the answer (tests may change the answer's status). */
  payouts: Map<string, { body: string; answer: Record<string, unknown> }>;
  /** Devoluções by `e2eid/id`. */
  refunds: Map<string, Record<string, unknown>>;
  charges: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

const problem = (status: number, name: string, title: string, detail?: string, violacoes?: unknown[]): CannedAnswer => ({
  status,
  contentType: 'application/problem+json',
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${name}`, title, status, ...(detail ? { detail } : {}), ...(violacoes ? { violacoes } : {}) },
});

const AMOUNT = /^\d{1,10}\.\d{2}$/;

export async function startStandInPsp(opts: StandInOptions): Promise<StandInPsp> {
  const canned: Array<{ match: RegExp; answer: CannedAnswer }> = [];
  let valid = new Set<string>();
  let serial = 0;

  const route = (method: string, parts: string[], body: string, auth: string): CannedAnswer => {
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body) as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    if (parts[0] === 'oauth' && parts[1] === 'token' && method === 'POST') {
      const expected = `Basic ${Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString('base64')}`;
      if (auth !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } };
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
      const token = `tok-${++serial}`;
      valid.add(token);
      psp.issued.push(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: psp.expiresIn, scope: form.get('scope') } };
    }
    if (parts[0] !== 'api' || parts[1] !== 'v2') return problem(404, 'NaoEncontrado', 'Não Encontrado');
    if (!valid.has(auth.replace(/^Bearer /, ''))) return { status: 401, body: { type: 'https://pix.bcb.gov.br/api/v2/error/NaoAutorizado', title: 'Não autorizado', status: 401 } };
    const [resource, id, sub, subId] = parts.slice(2);

    if (resource === 'cob' && id && method === 'PUT') {
      const cob = json() as { valor?: { original?: unknown }; chave?: unknown; calendario?: { expiracao?: unknown } };
      const bad: Array<{ razao: string; propriedade: string }> = [];
      if (typeof cob.valor?.original !== 'string' || !AMOUNT.test(cob.valor.original)) bad.push({ razao: 'valor.original inválido', propriedade: 'cob.valor.original' });
      if (typeof cob.chave !== 'string' || cob.chave === '') bad.push({ razao: 'chave ausente', propriedade: 'cob.chave' });
      if (!Number.isInteger(cob.calendario?.expiracao)) bad.push({ razao: 'expiracao inválida', propriedade: 'cob.calendario.expiracao' });
      if (bad.length > 0) return problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A requisição não respeita o schema.', bad);
      const original = cob.valor?.original as string;
      const location = `pix.example.com/qr/v2/${id.toLowerCase()}`;
      const answer = {
        ...cob,
        calendario: { criacao: psp.createdAt, expiracao: cob.calendario?.expiracao },
        txid: id,
        revisao: 0,
        loc: { id: serial, location, tipoCob: 'cob' },
        location,
        status: 'ATIVA',
        pixCopiaECola: buildBrCode({ kind: 'dynamic', url: location, merchantName: 'Stand-in', merchantCity: 'Brasilia', amountCentavos: Number(original.replace('.', '')) }),
      };
      psp.charges.set(id, answer);
      return { status: 201, body: answer };
    }
    if (resource === 'cob' && id && method === 'GET') {
      const cob = psp.charges.get(id);
      return cob ? { status: 200, body: cob } : problem(404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.');
    }
    if (resource === 'pix' && id && sub === 'devolucao' && subId && method === 'PUT') {
      const request = json();
      if (typeof request.valor !== 'string' || !AMOUNT.test(request.valor)) return problem(400, 'DevolucaoOperacaoInvalida', 'Devolução inválida.');
      const key = `${id}/${subId}`;
      const known = psp.refunds.get(key);
      if (known) return { status: 200, body: known };
      const answer = { id: subId, rtrId: `D${'1'.repeat(31)}`, valor: request.valor, horario: { solicitacao: psp.createdAt }, status: 'EM_PROCESSAMENTO' };
      psp.refunds.set(key, answer);
      return { status: 201, body: answer };
    }
    if (resource === 'dict' && id && method === 'GET') {
      const entry = psp.dict.get(id);
      return entry ? { status: 200, body: entry } : problem(404, 'NaoEncontrado', 'Chave não encontrada');
    }
    if (resource === 'pagamentos' && id && method === 'PUT') {
      const known = psp.payouts.get(id);
      if (known) return known.body === body ? { status: 200, body: known.answer } : problem(409, 'PagamentoDuplicado', 'idEnvio já usado com outros dados');
      const request = json() as { valor?: unknown; chave?: unknown; favorecido?: { cpf?: unknown } };
      if (typeof request.valor !== 'string' || !AMOUNT.test(request.valor)) return problem(400, 'PagamentoInvalido', 'Pagamento inválido.', undefined, [{ razao: 'valor inválido', propriedade: 'valor' }]);
      const entry = psp.dict.get(String(request.chave)) as { titular?: { cpf?: string } } | undefined;
      const answer: Record<string, unknown> = entry
        ? entry.titular?.cpf === request.favorecido?.cpf
          ? { idEnvio: id, status: 'EM_PROCESSAMENTO', valor: request.valor }
          : { idEnvio: id, status: 'NAO_REALIZADO', valor: request.valor, motivo: 'Titular da chave não é o favorecido' }
        : { idEnvio: id, status: 'NAO_REALIZADO', valor: request.valor, motivo: 'Chave Pix não encontrada no DICT' };
      psp.payouts.set(id, { body, answer });
      return { status: 201, body: answer };
    }
    if (resource === 'pagamentos' && id && method === 'GET') {
      const known = psp.payouts.get(id);
      return known ? { status: 200, body: known.answer } : problem(404, 'NaoEncontrado', 'Não Encontrado');
    }
    return problem(404, 'NaoEncontrado', 'Não Encontrado');
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const record: Recorded = { method: req.method ?? '', path, headers: req.headers, body, clientCn: typeof peer.subject?.CN === 'string' ? peer.subject.CN : null };
      const isToken = path.startsWith('/oauth/');
      (isToken ? psp.tokenRequests : psp.requests).push(record);
      const signature = `${record.method} ${path}`;
      const at = canned.findIndex((c) => c.match.test(signature));
      const answer = at >= 0 ? canned.splice(at, 1)[0]!.answer : route(record.method, path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent), body, req.headers.authorization ?? '');
      if (answer.hang) return;
      if (answer.destroy) {
        req.socket.destroy();
        return;
      }
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' });
      res.end(text);
    });
  };

  const server = https.createServer(
    {
      cert: readFileSync(opts.serverCert),
      key: readFileSync(opts.serverKey),
      ca: readFileSync(opts.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    handle,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const psp: StandInPsp = {
    baseUrl: `https://127.0.0.1:${port}/api/v2`,
    tokenUrl: `https://127.0.0.1:${port}/oauth/token`,
    clientId: 'casino-client',
    clientSecret: 's3cr3t-ÿ:+/=',
    createdAt: '2026-03-04T12:00:00.000Z',
    expiresIn: 3600,
    requests: [],
    tokenRequests: [],
    issued: [],
    revokeTokens: () => {
      valid = new Set();
    },
    answerNext: (match, answer) => {
      canned.push({ match, answer });
    },
    dict: new Map(),
    payouts: new Map(),
    refunds: new Map(),
    charges: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return psp;
}
