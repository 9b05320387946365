import { describe, expect, it } from 'vitest';
import { refundIdFor } from '../../../../../server/features/payments/bcb-api/bcb-api-psp.ts';
import { isRefusedPspError, isTransientPspError, PspError } from '../../../../../server/features/payments/bcb-api/errors.ts';
import { PIX_KEY, rejection, useStandIn } from './setup.ts';

const TXID = 'Dep0123456789abcdefghijABCDEF';
const E2E = 'E12345678202603041200abcdefghijk';
const PLAYER_CPF = '12345678909';

/** The standard's charges and devoluções, and the DICT/payout extension, against the stand-in PSP. */
describe('bcb-api PSP: charges, refunds, keys and payouts', () => {
  const f = useStandIn();
  const json = (i: number): unknown => JSON.parse(f.psp.requests[i]!.body);

  describe('charges (PUT/GET /cob/{txid})', () => {
    it('creates a charge with the standard’s body and maps the answer', async () => {
      const psp = f.adapter();
      const charge = await psp.createCharge({ txid: TXID, amountCentavos: 5000, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'Depósito' });

      const request = f.psp.requests[0]!;
      expect(request.method).toBe('PUT');
      expect(request.path).toBe(`/api/v2/cob/${TXID}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(json(0)).toEqual({
        calendario: { expiracao: 300 },
        devedor: { cpf: PLAYER_CPF },
        valor: { original: '50.00' },
        chave: PIX_KEY,
        solicitacaoPagador: 'Depósito',
      });
      const stored = f.psp.charges.get(TXID)!;
      expect(charge).toEqual({
        txid: TXID,
        status: 'ATIVA',
        pixCopiaECola: stored.pixCopiaECola,
        location: stored.location,
        expiresAt: new Date(Date.parse(f.psp.createdAt) + 300_000),
      });
    });

    it('sends devedor.nome when the payer’s name is given and clips solicitacaoPagador to 140 characters', async () => {
      const psp = f.adapter();
      await psp.createCharge({ txid: TXID, amountCentavos: 100, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'x'.repeat(200), payerName: 'Fulano de Tal' });
      expect(json(0)).toMatchObject({ devedor: { cpf: PLAYER_CPF, nome: 'Fulano de Tal' }, solicitacaoPagador: 'x'.repeat(140) });
    });

    it('reads a charge back, and answers null for a txid the PSP does not know', async () => {
      const psp = f.adapter();
      const created = await psp.createCharge({ txid: TXID, amountCentavos: 5000, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'Depósito' });
      const concluded = { ...f.psp.charges.get(TXID)!, status: 'CONCLUIDA' };
      f.psp.charges.set(TXID, concluded);
      expect(await psp.getCharge(TXID)).toEqual({ ...created, status: 'CONCLUIDA' });
      expect(await psp.getCharge('Z'.repeat(30))).toBeNull();
      expect(f.psp.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/v2/cob/${TXID}`, `GET /api/v2/cob/${TXID}`, `GET /api/v2/cob/${'Z'.repeat(30)}`]);
    });

    it('refuses an answer whose amount is not the one asked for', async () => {
      const psp = f.adapter();
      f.psp.answerNext(/^PUT \/api\/v2\/cob\//, {
        status: 201,
        body: { txid: TXID, status: 'ATIVA', calendario: { criacao: f.psp.createdAt, expiracao: 300 }, location: 'pix.example.com/qr/v2/x', pixCopiaECola: '000201', valor: { original: '5.00' } },
      });
      const error = await rejection(psp.createCharge({ txid: TXID, amountCentavos: 5000, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'Depósito' }));
      expect(error).toMatchObject({ name: 'PspError', type: 'invalid_answer', transient: false, detail: 'asked 50.00, got 5.00' });
    });

    it('refuses an answer without pixCopiaECola', async () => {
      const psp = f.adapter();
      f.psp.answerNext(/^GET \/api\/v2\/cob\//, { status: 200, body: { txid: TXID, status: 'ATIVA', calendario: { expiracao: 300 }, location: 'pix.example.com/qr/v2/x' } });
      const error = await rejection(psp.getCharge(TXID));
      expect(error).toMatchObject({ name: 'PspError', type: 'invalid_answer', title: 'unexpected answer at pixCopiaECola' });
    });

    it('refuses input the PSP would refuse, before sending anything', async () => {
      const psp = f.adapter();
      const input = { txid: TXID, amountCentavos: 5000, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'Depósito' };
      await expect(psp.createCharge({ ...input, txid: 'short' })).rejects.toThrow(RangeError);
      for (const amountCentavos of [0, -100, 50.5, Number.NaN]) await expect(psp.createCharge({ ...input, amountCentavos })).rejects.toThrow(RangeError);
      await expect(psp.refund(E2E, 0, 'x')).rejects.toThrow(RangeError);
      expect(f.psp.requests).toHaveLength(0);
    });
  });

  describe('refunds (PUT /pix/{e2eid}/devolucao/{id})', () => {
    it('asks for a devolução of an ordinary Pix and maps the answer', async () => {
      const psp = f.adapter();
      const refund = await psp.refund(E2E, 5000, 'Depósito de conta de outro CPF');
      const id = refundIdFor(E2E, 5000);
      expect(id).toMatch(/^[a-zA-Z0-9]{1,35}$/);
      expect(f.psp.requests[0]).toMatchObject({ method: 'PUT', path: `/api/v2/pix/${E2E}/devolucao/${id}` });
      expect(json(0)).toEqual({ valor: '50.00', natureza: 'ORIGINAL', descricao: 'Depósito de conta de outro CPF' });
      expect(refund).toEqual({ id, status: 'EM_PROCESSAMENTO' });
    });

    it('repeats the same devolução id when a refund is retried, so the payer is paid back once', async () => {
      const psp = f.adapter();
      const first = await psp.refund(E2E, 5000, 'CPF diferente');
      const again = await psp.refund(E2E, 5000, 'CPF diferente');
      expect(again.id).toBe(first.id);
      expect(f.psp.refunds.size).toBe(1);
    });
  });

  describe('key lookup (GET /dict/{chave})', () => {
    it('maps the titular of a CPF key', async () => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano de Tal' } });
      const psp = f.adapter();
      expect(await psp.lookupKey(PLAYER_CPF, 'cpf')).toEqual({ key: PLAYER_CPF, type: 'cpf', ownerCpf: PLAYER_CPF, ownerName: 'Fulano de Tal' });
      expect(f.psp.requests[0]).toMatchObject({ method: 'GET', path: `/api/v2/dict/${PLAYER_CPF}` });
    });

    it('encodes phone and e-mail keys in the path and maps EVP to a random key', async () => {
      f.psp.dict.set('+5511987654321', { chave: '+5511987654321', tipoChave: 'PHONE', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      f.psp.dict.set('fulano@example.com', { chave: 'fulano@example.com', tipoChave: 'EMAIL', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const evp = '123e4567-e89b-12d3-a456-426614174000';
      f.psp.dict.set(evp, { chave: evp, tipoChave: 'EVP', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      expect(await psp.lookupKey('+5511987654321', 'phone')).toMatchObject({ type: 'phone', ownerCpf: PLAYER_CPF });
      expect(await psp.lookupKey('fulano@example.com', 'email')).toMatchObject({ type: 'email', ownerCpf: PLAYER_CPF });
      expect(await psp.lookupKey(evp, 'random')).toMatchObject({ key: evp, type: 'random', ownerCpf: PLAYER_CPF });
      expect(f.psp.requests.map((r) => r.path)).toEqual(['/api/v2/dict/%2B5511987654321', '/api/v2/dict/fulano%40example.com', `/api/v2/dict/${evp}`]);
    });

    it('gives no owner CPF for a company or a masked CPF, and null for an unknown key', async () => {
      f.psp.dict.set('empresa@example.com', { chave: 'empresa@example.com', tipoChave: 'EMAIL', titular: { cnpj: '12345678000195', nome: 'Empresa SA' } });
      f.psp.dict.set('mascarado@example.com', { chave: 'mascarado@example.com', tipoChave: 'EMAIL', titular: { cpf: '***.456.789-**', nome: 'Fulano' } });
      const psp = f.adapter();
      expect(await psp.lookupKey('empresa@example.com', 'email')).toEqual({ key: 'empresa@example.com', type: 'email', ownerCpf: null, ownerName: 'Empresa SA' });
      expect(await psp.lookupKey('mascarado@example.com', 'email')).toMatchObject({ ownerCpf: null });
      expect(await psp.lookupKey('ninguem@example.com', 'email')).toBeNull();
    });
  });

  describe('payouts (PUT/GET /pagamentos/{idEnvio})', () => {
    const payout = { id: 'W000123', amountCentavos: 12345, key: PLAYER_CPF, keyType: 'cpf' as const, recipientCpf: PLAYER_CPF, description: 'Saque' };

    it('sends the payout and maps the answer', async () => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      expect(await psp.createPayout(payout)).toEqual({ id: 'W000123', status: 'EM_PROCESSAMENTO' });
      expect(f.psp.requests[0]).toMatchObject({ method: 'PUT', path: '/api/v2/pagamentos/W000123' });
      expect(json(0)).toEqual({ valor: '123.45', chave: PLAYER_CPF, favorecido: { cpf: PLAYER_CPF }, descricao: 'Saque' });
    });

    it('is idempotent by idEnvio: a repeated payout returns the first one', async () => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      const first = await psp.createPayout(payout);
      expect(await psp.createPayout(payout)).toEqual(first);
      expect(f.psp.payouts.size).toBe(1);
    });

    it('reads the payout status, end-to-end id and reason; null when unknown', async () => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      await psp.createPayout(payout);
      f.psp.payouts.get('W000123')!.answer = { idEnvio: 'W000123', status: 'REALIZADO', endToEndId: E2E };
      expect(await psp.getPayout('W000123')).toEqual({ id: 'W000123', status: 'REALIZADO', endToEndId: E2E });
      expect(f.psp.requests[1]).toMatchObject({ method: 'GET', path: '/api/v2/pagamentos/W000123' });

      const refused = await psp.createPayout({ ...payout, id: 'W000124', key: 'sumiu@example.com', keyType: 'email' });
      expect(refused).toEqual({ id: 'W000124', status: 'NAO_REALIZADO', reason: 'Chave Pix não encontrada no DICT' });
      expect(await psp.getPayout('W999999')).toBeNull();
    });

    it('turns a refusal about the key into PayoutRefusedError invalid_key, other refusals into other, and lets transient failures through', async () => {
      const psp = f.adapter();
      const problem = (status: number, propriedade: string) => ({
        status,
        contentType: 'application/problem+json',
        body: { type: 'https://pix.example/erro', title: 'Pagamento recusado.', status, violacoes: [{ razao: 'inválido', propriedade }] },
      });
      f.psp.answerNext(/^PUT \/api\/v2\/pagamentos\//, problem(422, 'pagamento.chave'));
      expect(await rejection(psp.createPayout(payout))).toMatchObject({ name: 'PayoutRefusedError', kind: 'invalid_key' });
      f.psp.answerNext(/^PUT \/api\/v2\/pagamentos\//, problem(422, 'pagamento.valor'));
      expect(await rejection(psp.createPayout(payout))).toMatchObject({ name: 'PayoutRefusedError', kind: 'other' });
      f.psp.answerNext(/^PUT \/api\/v2\/pagamentos\//, problem(503, 'x'));
      expect(await rejection(psp.createPayout(payout))).toMatchObject({ name: 'PspError', transient: true });
    });

    it('maps other PSPs’ status words, and keeps unknown ones in process', async () => {
      const psp = f.adapter();
      const cases: Array<[string, string]> = [
        ['LIQUIDADO', 'REALIZADO'],
        ['concluido', 'REALIZADO'],
        ['REJEITADO', 'NAO_REALIZADO'],
        ['AGENDADO', 'EM_PROCESSAMENTO'],
        ['???', 'EM_PROCESSAMENTO'],
      ];
      for (const [word, status] of cases) {
        f.psp.answerNext(/^GET \/api\/v2\/pagamentos\/W1$/, { status: 200, body: { idEnvio: 'W1', status: word } });
        expect((await psp.getPayout('W1'))?.status).toBe(status);
      }
    });
  });

  describe('errors', () => {
    it('turns problem details of a 4xx into a non-transient PspError', async () => {
      const psp = f.adapter();
      f.psp.answerNext(/^PUT \/api\/v2\/cob\//, {
        status: 400,
        contentType: 'application/problem+json',
        body: {
          type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
          title: 'Cobrança inválida.',
          status: 400,
          detail: 'A requisição não respeita o schema.',
          violacoes: [{ razao: 'O campo cob.valor.original não respeita o schema.', propriedade: 'cob.valor.original' }],
        },
      });
      const error = await rejection(psp.createCharge({ txid: TXID, amountCentavos: 5000, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'x' }));
      expect(error).toBeInstanceOf(PspError);
      expect(error).toMatchObject({
        operation: 'PUT /cob/{txid}',
        status: 400,
        type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
        title: 'Cobrança inválida.',
        detail: 'A requisição não respeita o schema.',
        violations: [{ razao: 'O campo cob.valor.original não respeita o schema.', propriedade: 'cob.valor.original' }],
      });
      expect(isTransientPspError(error)).toBe(false);
      expect(isRefusedPspError(error)).toBe(true);
    });

    it('refuses a payout id reused with other data (409), not transient', async () => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      const payout = { id: 'W1', amountCentavos: 100, key: PLAYER_CPF, keyType: 'cpf' as const, recipientCpf: PLAYER_CPF, description: 'Saque' };
      await psp.createPayout(payout);
      const error = await rejection(psp.createPayout({ ...payout, amountCentavos: 200 }));
      expect(error).toMatchObject({ name: 'PayoutRefusedError', kind: 'other' });
      const cause = (error as Error).cause;
      expect(cause).toMatchObject({ name: 'PspError', status: 409, transient: false });
      expect(isRefusedPspError(cause)).toBe(true);
    });

    it('reports 503 and a proxy’s HTML 502 as transient', async () => {
      const psp = f.adapter();
      f.psp.answerNext(/^GET \/api\/v2\/dict\//, {
        status: 503,
        contentType: 'application/problem+json',
        body: { type: 'https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel', title: 'Serviço Indisponível', status: 503 },
      });
      const unavailable = await rejection(psp.lookupKey(PLAYER_CPF, 'cpf'));
      expect(unavailable).toMatchObject({ name: 'PspError', status: 503, title: 'Serviço Indisponível' });
      expect(isTransientPspError(unavailable)).toBe(true);
      expect(isRefusedPspError(unavailable)).toBe(false);

      f.psp.answerNext(/^GET \/api\/v2\/dict\//, { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' });
      const gateway = await rejection(psp.lookupKey(PLAYER_CPF, 'cpf'));
      expect(gateway).toMatchObject({ name: 'PspError', status: 502, type: 'http', detail: '<html>Bad Gateway</html>' });
      expect(isTransientPspError(gateway)).toBe(true);
    });

    it('gives up on a PSP that does not answer within the timeout, as transient', async () => {
      const psp = f.adapter({}, { timeoutMs: 300 });
      await psp.getPayout('W1'); // token first, so the hang is the API call's
      f.psp.answerNext(/^GET \/api\/v2\/pagamentos\//, { status: 200, hang: true });
      const error = await rejection(psp.getPayout('W1'));
      expect(error).toMatchObject({ name: 'PspError', operation: 'GET /pagamentos/{idEnvio}', status: null, type: 'timeout' });
      expect(isTransientPspError(error)).toBe(true);
    });

    it('reports a 2xx answer that is not JSON as invalid', async () => {
      const psp = f.adapter();
      f.psp.answerNext(/^GET \/api\/v2\/pagamentos\//, { status: 200, contentType: 'text/plain', body: 'ok' });
      const error = await rejection(psp.getPayout('W1'));
      expect(error).toMatchObject({ name: 'PspError', type: 'invalid_answer', transient: false });
    });
  });

  describe('amounts', () => {
    it.each([
      [1, '0.01'],
      [10, '0.10'],
      [29, '0.29'],
      [123456789, '1234567.89'],
    ])('%i centavos cross as "%s" in charges, refunds and payouts', async (centavos, decimal) => {
      f.psp.dict.set(PLAYER_CPF, { chave: PLAYER_CPF, tipoChave: 'CPF', titular: { cpf: PLAYER_CPF, nome: 'Fulano' } });
      const psp = f.adapter();
      await psp.createCharge({ txid: TXID, amountCentavos: centavos, expiresInSeconds: 300, payerCpf: PLAYER_CPF, description: 'x' });
      await psp.refund(E2E, centavos, 'x');
      await psp.createPayout({ id: 'W1', amountCentavos: centavos, key: PLAYER_CPF, keyType: 'cpf', recipientCpf: PLAYER_CPF, description: 'x' });
      expect([json(0), json(1), json(2)].map((b) => JSON.stringify(b).match(/"(?:original|valor)":"([^"]+)"/)?.[1])).toEqual([decimal, decimal, decimal]);
    });
  });
});
