import type { LegalSlug } from '../../../../src/contract/tenant-bundle.ts';
import type { LegalIdentity } from './identity.ts';

/**
 * Portuguese legal pages of a demo operator. They describe how a licensed
 * Brazilian fixed-odds operator works under Lei 14.790/2023 and the SPA/MF
 * ordinances, and say plainly that the demo operator is fictitious.
 */
export function legalPagesPt(id: LegalIdentity): Record<LegalSlug, { title: string; bodyHtml: string }> {
  const who = `${id.legalName}, inscrita no CNPJ sob o nº ${id.cnpj}`;
  const demo = `<p><strong>Aviso:</strong> ${id.brand} é um operador fictício usado para demonstrar a plataforma. Nenhuma aposta com dinheiro real é aceita neste ambiente.</p>`;
  return {
    terms: {
      title: 'Termos e Condições',
      bodyHtml: `${demo}
<h2>1. Quem somos</h2>
<p>Este site é operado por ${who} (“${id.brand}”, “nós”), que explora a modalidade lotérica de apostas de quota fixa nos termos da Lei nº 14.790/2023, da Lei nº 13.756/2018 e das portarias da Secretaria de Prêmios e Apostas do Ministério da Fazenda (SPA/MF). Autorização: ${id.licence}.</p>
<h2>2. Quem pode jogar</h2>
<p>Somente pessoas maiores de 18 anos, residentes no Brasil, com CPF regular e plena capacidade civil podem abrir uma conta. É proibido apostar a quem esteja inscrito em cadastro de autoexclusão, a agentes públicos com atribuição de regulação ou fiscalização do setor, a atletas, árbitros e dirigentes em eventos de que participem, e a pessoas diagnosticadas com ludopatia. Cada pessoa pode ter uma única conta.</p>
<h2>3. Conta, depósitos e saques</h2>
<p>Depósitos são aceitos somente por Pix, a partir de conta bancária de titularidade do próprio apostador, e saques são pagos exclusivamente para conta de mesma titularidade. Os valores mínimos e máximos de depósito e saque são exibidos na carteira. Não aceitamos dinheiro em espécie, boletos de terceiros, criptoativos nem cartões de crédito. Podemos solicitar documentos para confirmar identidade, idade e origem dos recursos antes de liberar um saque.</p>
<h2>4. Bônus e publicidade</h2>
<p>Não oferecemos bônus de cadastro nem adiantamento de valores para apostar. Promoções, quando existirem, terão regras próprias publicadas de forma clara e respeitarão as normas de publicidade da SPA/MF e do CONAR.</p>
<h2>5. Encerramento e suspensão</h2>
<p>Podemos suspender ou encerrar contas em caso de fraude, manipulação de resultados, uso de contas de terceiros, violação destes termos ou determinação legal. O saldo legítimo de uma conta encerrada é devolvido ao titular, ressalvadas as retenções exigidas por lei.</p>
<h2>6. Atendimento e foro</h2>
<p>Dúvidas e reclamações podem ser enviadas para ${id.email}. Estes termos seguem a legislação brasileira, inclusive o Código de Defesa do Consumidor (Lei nº 8.078/1990); fica eleito o foro do domicílio do apostador.</p>`,
    },
    privacy: {
      title: 'Política de Privacidade',
      bodyHtml: `${demo}
<h2>Controlador dos dados</h2>
<p>${who} é a controladora dos dados pessoais tratados neste site, nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018 — LGPD). Nosso encarregado pode ser contatado em ${id.email}.</p>
<h2>Dados que coletamos e por quê</h2>
<ul>
<li><strong>Cadastro e identificação</strong> (nome, CPF, data de nascimento, telefone, e-mail): para cumprir a obrigação legal de verificar identidade e idade mínima de 18 anos.</li>
<li><strong>Transações</strong> (depósitos, saques, apostas): para executar o contrato, manter a contabilidade e cumprir as regras de prevenção à lavagem de dinheiro.</li>
<li><strong>Uso do site</strong> (endereço IP, país, dispositivo): para segurança, prevenção a fraudes e para confirmar que você acessa a partir do Brasil.</li>
</ul>
<h2>Compartilhamento</h2>
<p>Compartilhamos dados apenas com quem precisa deles para prestar o serviço (instituições de pagamento do Pix, fornecedores de jogos, serviços de verificação de identidade) e com autoridades, quando a lei exigir, como a SPA/MF e o COAF. Não vendemos dados pessoais.</p>
<h2>Prazo de guarda e seus direitos</h2>
<p>Guardamos os registros de cadastro e transações pelo prazo exigido na regulamentação (no mínimo cinco anos). Você pode pedir acesso, correção, portabilidade e informações sobre o uso dos seus dados, bem como revogar consentimentos, escrevendo para ${id.email}. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</p>`,
    },
    'aml-policy': {
      title: 'Política AML',
      bodyHtml: `${demo}
<h2>Compromisso</h2>
<p>A ${id.brand} mantém política, procedimentos e controles internos de prevenção à lavagem de dinheiro, ao financiamento do terrorismo e à proliferação de armas de destruição em massa, conforme a Lei nº 9.613/1998 e a Portaria SPA/MF nº 1.143/2024.</p>
<h2>Conheça seu cliente</h2>
<p>Todo apostador é identificado no cadastro por nome, CPF e data de nascimento, validados em bases oficiais, e pode ser chamado a enviar documento com foto e comprovantes adicionais. Verificamos se o cliente é pessoa exposta politicamente e se consta em listas de sanções.</p>
<h2>Pix só de contas próprias</h2>
<p>Depósitos só são aceitos de contas bancárias de titularidade do apostador, e saques só são pagos para contas de mesma titularidade. Transferências de terceiros são devolvidas à origem.</p>
<h2>Monitoramento e comunicação</h2>
<p>Monitoramos depósitos, apostas e saques em busca de operações atípicas — por exemplo, movimentação incompatível com a renda declarada, depósitos seguidos de saque sem apostas ou fracionamento de valores. Operações suspeitas são comunicadas ao Conselho de Controle de Atividades Financeiras (COAF) sem aviso ao cliente, e a conta pode ser bloqueada enquanto a análise estiver em curso.</p>
<h2>Registros</h2>
<p>Mantemos os registros de identificação e das transações pelo prazo mínimo de cinco anos e treinamos nossa equipe periodicamente sobre estes procedimentos.</p>`,
    },
    'betting-terms': {
      title: 'Regulamento',
      bodyHtml: `${demo}
<h2>Apostas de quota fixa</h2>
<p>Nas apostas de quota fixa, o apostador conhece no momento da aposta o fator (odd) pelo qual o valor apostado será multiplicado em caso de acerto. A aposta só é aceita depois de confirmada pelo sistema e com saldo suficiente na carteira.</p>
<h2>Jogos on-line</h2>
<p>Os jogos de cassino oferecidos são de fornecedores certificados por laboratório reconhecido pela SPA/MF, com resultado gerado por processo aleatório auditável. Os jogos originais da casa exibem o hash da semente do servidor antes da rodada e permitem ao jogador verificar o resultado depois.</p>
<h2>Limites, cancelamentos e erros</h2>
<p>Podem existir limites mínimos e máximos por aposta e por evento. Uma aposta aceita não pode ser cancelada pelo apostador, exceto quando o evento for adiado ou cancelado, hipótese em que o valor é devolvido. Erros evidentes de cotação ou falhas técnicas podem anular a aposta, com devolução integral do valor apostado.</p>
<h2>Pagamento de prêmios</h2>
<p>Prêmios são creditados na carteira assim que o resultado é apurado e podem ser sacados por Pix para conta de titularidade do apostador, observada a tributação prevista em lei sobre prêmios líquidos.</p>`,
    },
    'responsible-gaming': {
      title: 'Jogo responsável',
      bodyHtml: `${demo}
<h2>Apostar deve ser diversão</h2>
<p>Apostas envolvem risco de perda. Aposte apenas o que você pode perder, nunca para recuperar prejuízos ou como forma de renda. Menores de 18 anos não podem jogar.</p>
<h2>Ferramentas à sua disposição</h2>
<ul>
<li><strong>Limites</strong> de depósito, de perda e de tempo de sessão, que entram em vigor imediatamente quando reduzidos.</li>
<li><strong>Alerta de tempo</strong>, que avisa periodicamente há quanto tempo você está jogando.</li>
<li><strong>Pausa e autoexclusão</strong> por prazo determinado ou indeterminado; durante esse período a conta não aceita apostas nem depósitos.</li>
</ul>
<h2>Sinais de alerta</h2>
<p>Procure ajuda se você aposta mais do que planejou, esconde o quanto joga, pega dinheiro emprestado para apostar ou sente ansiedade quando não está jogando. Em conformidade com a Portaria SPA/MF nº 1.231/2024, podemos entrar em contato e aplicar limites quando identificarmos comportamento de risco.</p>
<h2>Onde buscar apoio</h2>
<p>Os Centros de Atenção Psicossocial (CAPS) do SUS oferecem atendimento gratuito, e o CVV atende pelo telefone 188, 24 horas. Nossa equipe também está disponível em ${id.email}.</p>`,
    },
    'em-conformidade-com-a-regulamentacao': {
      title: 'Em conformidade com a regulamentação',
      bodyHtml: `${demo}
<h2>Operação autorizada</h2>
<p>${who}, opera de acordo com a Lei nº 14.790/2023, que regulamenta as apostas de quota fixa no Brasil, e com as portarias da Secretaria de Prêmios e Apostas do Ministério da Fazenda. Autorização: ${id.licence}.</p>
<h2>O que isso garante a você</h2>
<ul>
<li>Cadastro apenas para maiores de 18 anos, com verificação de identidade e CPF.</li>
<li>Depósitos somente por Pix de conta própria e saques somente para conta própria.</li>
<li>Ferramentas obrigatórias de jogo responsável: limites, alertas de tempo e autoexclusão.</li>
<li>Jogos certificados e sistemas auditados, com registro das apostas à disposição do regulador.</li>
<li>Proibição de bônus de cadastro e publicidade responsável.</li>
</ul>
<h2>Canais oficiais</h2>
<p>Reclamações não resolvidas pelo nosso atendimento (${id.email}) podem ser registradas na plataforma consumidor.gov.br e levadas ao conhecimento da SPA/MF.</p>`,
    },
  };
}
