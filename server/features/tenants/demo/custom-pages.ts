import type { PageInput } from '../pages.ts';
import type { LegalIdentity } from './identity.ts';

/** The demo operators' `/pages/{slug}` pages, each in pt and en under the same slug. */
export function customPages(id: LegalIdentity): PageInput[] {
  return [
    {
      kind: 'custom',
      slug: 'sobre-nos',
      locale: 'pt',
      title: `Sobre a ${id.brand}`,
      bodyHtml: `<p>A ${id.brand} é uma casa de apostas e cassino on-line feita para jogadores brasileiros: tudo em reais, depósitos e saques por Pix e atendimento em português.</p>
<h2>Nossos princípios</h2>
<ul><li>Transparência: regras claras e resultados verificáveis.</li><li>Segurança: seus dados e seu saldo protegidos.</li><li>Jogo responsável: ferramentas de limite e autoexclusão sempre à mão.</li></ul>
<p>Fale com a gente em <a href="mailto:${id.email}">${id.email}</a>.</p>`,
    },
    {
      kind: 'custom',
      slug: 'sobre-nos',
      locale: 'en',
      title: `About ${id.brand}`,
      bodyHtml: `<p>${id.brand} is an online sportsbook and casino made for Brazilian players: everything in reais, deposits and withdrawals by Pix, and support in Portuguese and English.</p>
<h2>Our principles</h2>
<ul><li>Transparency: clear rules and verifiable outcomes.</li><li>Security: your data and your balance protected.</li><li>Responsible gaming: limits and self-exclusion always at hand.</li></ul>
<p>Write to us at <a href="mailto:${id.email}">${id.email}</a>.</p>`,
    },
    {
      kind: 'custom',
      slug: 'como-depositar',
      locale: 'pt',
      title: 'Como depositar com Pix',
      bodyHtml: `<ol><li>Entre na sua conta e abra a <strong>Carteira</strong>.</li><li>Escolha o valor e toque em <strong>Gerar Pix</strong>.</li><li>Pague o QR Code ou o código “copia e cola” no app do seu banco, usando uma conta no seu próprio CPF.</li><li>O saldo aparece na hora, assim que o banco confirma o pagamento. O código vale por 5 minutos.</li></ol>
<p>Depósitos de contas de terceiros são devolvidos automaticamente.</p>`,
    },
    {
      kind: 'custom',
      slug: 'como-depositar',
      locale: 'en',
      title: 'How to deposit with Pix',
      bodyHtml: `<ol><li>Log in and open the <strong>Wallet</strong>.</li><li>Choose the amount and tap <strong>Generate Pix</strong>.</li><li>Pay the QR code or the copy-and-paste code in your bank's app, from an account in your own CPF.</li><li>Your balance updates as soon as the bank confirms the payment. The code is valid for 5 minutes.</li></ol>
<p>Deposits from third-party accounts are returned automatically.</p>`,
    },
  ];
}
