import type { LegalSlug } from '../../../../src/contract/tenant-bundle.ts';
import type { LegalIdentity } from './identity.ts';

/** English versions of the demo operator's legal pages (see legal-pt.ts). */
export function legalPagesEn(id: LegalIdentity): Record<LegalSlug, { title: string; bodyHtml: string }> {
  const who = `${id.legalName}, registered under CNPJ ${id.cnpj}`;
  const demo = `<p><strong>Notice:</strong> ${id.brand} is a fictitious operator used to demonstrate the platform. No real-money bets are accepted in this environment.</p>`;
  return {
    terms: {
      title: 'Terms and Conditions',
      bodyHtml: `${demo}
<h2>1. Who we are</h2>
<p>This site is operated by ${who} (“${id.brand}”, “we”), which offers fixed-odds betting under Brazilian Law 14,790/2023, Law 13,756/2018 and the ordinances of the Secretariat of Prizes and Betting of the Ministry of Finance (SPA/MF). Authorisation: ${id.licence}.</p>
<h2>2. Who may play</h2>
<p>Only people aged 18 or over, resident in Brazil, with a valid CPF and full legal capacity may open an account. Betting is forbidden to anyone on a self-exclusion register, to public officials who regulate or supervise the sector, to athletes, referees and officials in events they take part in, and to people diagnosed with gambling disorder. Each person may hold a single account.</p>
<h2>3. Account, deposits and withdrawals</h2>
<p>Deposits are accepted only by Pix, from a bank account held by the player, and withdrawals are paid only to an account held by the same person. Minimum and maximum deposit and withdrawal amounts are shown in the wallet. We do not accept cash, third-party payment slips, crypto-assets or credit cards. We may ask for documents confirming identity, age and source of funds before releasing a withdrawal.</p>
<h2>4. Bonuses and advertising</h2>
<p>We offer no sign-up bonus and no advance of funds for betting. Promotions, when they exist, have their own clearly published rules and follow the advertising standards of SPA/MF and CONAR.</p>
<h2>5. Closure and suspension</h2>
<p>We may suspend or close accounts in case of fraud, match-fixing, use of someone else's account, breach of these terms or a legal order. The legitimate balance of a closed account is returned to its holder, save for withholdings required by law.</p>
<h2>6. Support and jurisdiction</h2>
<p>Questions and complaints can be sent to ${id.email}. These terms are governed by Brazilian law, including the Consumer Protection Code (Law 8,078/1990); the courts of the player's domicile have jurisdiction.</p>`,
    },
    privacy: {
      title: 'Privacy Policy',
      bodyHtml: `${demo}
<h2>Data controller</h2>
<p>${who} is the controller of the personal data processed on this site, under the Brazilian General Data Protection Law (Law 13,709/2018 — LGPD). Our data protection officer can be reached at ${id.email}.</p>
<h2>What we collect and why</h2>
<ul>
<li><strong>Registration and identity</strong> (name, CPF, date of birth, phone, e-mail): to meet the legal duty of verifying identity and the minimum age of 18.</li>
<li><strong>Transactions</strong> (deposits, withdrawals, bets): to perform the contract, keep accounts and comply with anti-money-laundering rules.</li>
<li><strong>Site usage</strong> (IP address, country, device): for security, fraud prevention and to confirm you are accessing from Brazil.</li>
</ul>
<h2>Sharing</h2>
<p>We share data only with those who need it to provide the service (Pix payment institutions, game suppliers, identity verification services) and with authorities where the law requires, such as SPA/MF and COAF. We do not sell personal data.</p>
<h2>Retention and your rights</h2>
<p>We keep registration and transaction records for the period the regulations require (at least five years). You may request access, correction, portability and information about how your data is used, and withdraw consent, by writing to ${id.email}. You may also complain to the National Data Protection Authority (ANPD).</p>`,
    },
    'aml-policy': {
      title: 'AML Policy',
      bodyHtml: `${demo}
<h2>Commitment</h2>
<p>${id.brand} keeps a policy, procedures and internal controls to prevent money laundering, terrorist financing and the proliferation of weapons of mass destruction, under Law 9,613/1998 and SPA/MF Ordinance 1,143/2024.</p>
<h2>Know your customer</h2>
<p>Every player is identified at registration by name, CPF and date of birth, checked against official databases, and may be asked for a photo ID and further documents. We check whether a customer is a politically exposed person or appears on sanctions lists.</p>
<h2>Pix from own accounts only</h2>
<p>Deposits are accepted only from bank accounts held by the player, and withdrawals are paid only to accounts held by the same person. Third-party transfers are returned to their origin.</p>
<h2>Monitoring and reporting</h2>
<p>We monitor deposits, bets and withdrawals for unusual activity — for example, amounts inconsistent with declared income, deposits withdrawn without betting, or split transactions. Suspicious operations are reported to the Financial Activities Control Council (COAF) without notice to the customer, and the account may be blocked while the review is under way.</p>
<h2>Records</h2>
<p>We keep identification and transaction records for at least five years and train our staff on these procedures regularly.</p>`,
    },
    'betting-terms': {
      title: 'Betting Rules',
      bodyHtml: `${demo}
<h2>Fixed-odds bets</h2>
<p>In fixed-odds betting the player knows, when placing the bet, the factor (odds) by which the stake will be multiplied if the bet wins. A bet is accepted only once the system confirms it and the wallet holds enough balance.</p>
<h2>Online games</h2>
<p>Casino games come from suppliers certified by a laboratory recognised by SPA/MF, with outcomes produced by an auditable random process. The house's original games show the hash of the server seed before each round and let the player verify the outcome afterwards.</p>
<h2>Limits, cancellations and errors</h2>
<p>Minimum and maximum stakes may apply per bet and per event. An accepted bet cannot be cancelled by the player, except when the event is postponed or cancelled, in which case the stake is refunded. Obvious pricing errors or technical failures may void a bet, with the full stake refunded.</p>
<h2>Payment of winnings</h2>
<p>Winnings are credited to the wallet as soon as the result is settled and can be withdrawn by Pix to an account held by the player, subject to the tax the law sets on net prizes.</p>`,
    },
    'responsible-gaming': {
      title: 'Responsible Gaming',
      bodyHtml: `${demo}
<h2>Betting should be fun</h2>
<p>Betting carries a risk of loss. Only bet what you can afford to lose, never to chase losses or as a source of income. Under-18s may not play.</p>
<h2>Tools at your disposal</h2>
<ul>
<li><strong>Limits</strong> on deposits, losses and session time, which take effect immediately when lowered.</li>
<li><strong>Time alert</strong>, which reminds you regularly how long you have been playing.</li>
<li><strong>Break and self-exclusion</strong> for a set or indefinite period; meanwhile the account accepts no bets or deposits.</li>
</ul>
<h2>Warning signs</h2>
<p>Seek help if you bet more than you planned, hide how much you play, borrow money to bet or feel anxious when you are not playing. In line with SPA/MF Ordinance 1,231/2024, we may contact you and apply limits when we detect risky behaviour.</p>
<h2>Where to find support</h2>
<p>The public health system's Psychosocial Care Centres (CAPS) offer free care, and CVV answers on 188, 24 hours a day. Our team is also available at ${id.email}.</p>`,
    },
    'em-conformidade-com-a-regulamentacao': {
      title: 'Regulatory Compliance',
      bodyHtml: `${demo}
<h2>Authorised operation</h2>
<p>${who}, operates under Law 14,790/2023, which regulates fixed-odds betting in Brazil, and the ordinances of the Secretariat of Prizes and Betting of the Ministry of Finance. Authorisation: ${id.licence}.</p>
<h2>What this guarantees you</h2>
<ul>
<li>Registration only for people aged 18 or over, with identity and CPF verification.</li>
<li>Deposits only by Pix from your own account, and withdrawals only to your own account.</li>
<li>Mandatory responsible-gaming tools: limits, time alerts and self-exclusion.</li>
<li>Certified games and audited systems, with bet records available to the regulator.</li>
<li>No sign-up bonuses, and responsible advertising.</li>
</ul>
<h2>Official channels</h2>
<p>Complaints our support (${id.email}) does not resolve can be filed on the consumidor.gov.br platform and brought to the attention of SPA/MF.</p>`,
    },
  };
}
