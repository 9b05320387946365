import type { Colors } from '../../../../src/contract/site-config.ts';
import { LEGAL_SLUGS, type Locale } from '../../../../src/contract/tenant-bundle.ts';
import type { NewTenant } from '../create-tenant.ts';
import { DEMO_CATEGORIES } from './categories.ts';
import { customPages } from './custom-pages.ts';
import type { LegalIdentity } from './identity.ts';
import { legalPagesEn } from './legal-en.ts';
import { legalPagesPt } from './legal-pt.ts';

/**
 * The demo operator key of a domain: deterministic, so a developer can call
 * the operator API right after `npm start` (the seed also prints it). Real
 * tenants get random keys.
 */
export function demoOperatorKey(domain: string): string {
  return `demo-key-${domain}`;
}

interface DemoSpec {
  domain: string;
  status: NewTenant['status'];
  identity: LegalIdentity;
  handle: string;
  colors: Colors;
  description: Record<Locale, string>;
  /** The tenant's brand at the sportsbook (the sandbox in the demo), or null for a tenant without sports. */
  sportsBrand: string | null;
}

const SPECS: DemoSpec[] = [
  {
    domain: 'localhost',
    status: 'active',
    identity: {
      brand: 'Ipê Bet',
      legalName: 'Ipê Entretenimento Digital Ltda.',
      legalCity: 'Belo Horizonte',
      cnpj: '48.152.673/0001-93',
      licence: 'SPA/MF nº 0001/2025 (fictícia, ambiente de demonstração)',
      email: 'suporte@ipebet.example',
    },
    handle: 'ipebet',
    sportsBrand: 'ipe-bet',
    colors: {
      primary: '#1FA35B',
      secondary: '#F2C230',
      background: '#0B1F14',
      surface: '#12301F',
      text: '#F4F7F2',
      textMuted: '#A9BFB1',
      accent: '#FFD95A',
      success: '#2ECC71',
      danger: '#FF6B6B',
    },
    description: {
      pt: 'Cassino e apostas esportivas com Pix na hora, em reais e em português.',
      en: 'Casino and sports betting with instant Pix, in Brazilian reais.',
    },
  },
  {
    domain: 'sorte.localhost',
    status: 'active',
    identity: {
      brand: 'Sorte Lunar',
      legalName: 'Sorte Lunar Apostas Ltda.',
      legalCity: 'Florianópolis',
      cnpj: '52.739.184/0001-00',
      licence: 'SPA/MF nº 0002/2025 (fictícia, ambiente de demonstração)',
      email: 'ajuda@sortelunar.example',
    },
    handle: 'sortelunar',
    // The demo's tenant without sports: its sports pages show "Esportes indisponíveis" and its menu has no sports entry.
    sportsBrand: null,
    colors: {
      primary: '#8B3DFF',
      secondary: '#FF4FA3',
      background: '#140A24',
      surface: '#221338',
      text: '#F7F2FF',
      textMuted: '#B9A8D6',
      accent: '#FF8AD0',
      success: '#34D399',
      danger: '#FB7185',
    },
    description: {
      pt: 'Noites de sorte: caça-níqueis, crash e cassino ao vivo com saque por Pix.',
      en: 'Lucky nights: slots, crash and live casino with Pix withdrawals.',
    },
  },
  {
    domain: 'manutencao.localhost',
    status: 'maintenance',
    identity: {
      brand: 'Farol Jogos',
      legalName: 'Farol Jogos Online Ltda.',
      legalCity: 'Fortaleza',
      cnpj: '60.394.817/0001-13',
      licence: 'SPA/MF nº 0003/2025 (fictícia, ambiente de demonstração)',
      email: 'contato@faroljogos.example',
    },
    handle: 'faroljogos',
    sportsBrand: 'farol-jogos',
    colors: {
      primary: '#1E6FD9',
      secondary: '#FF8A1F',
      background: '#0A1424',
      surface: '#132238',
      text: '#F1F5FB',
      textMuted: '#9DB0C8',
      accent: '#FFB547',
      success: '#22C55E',
      danger: '#F87171',
    },
    description: {
      pt: 'Jogos on-line com a segurança de um porto seguro.',
      en: 'Online games with the safety of a safe harbour.',
    },
  },
];

/** Without `casino_id`: each tenant's is its own id, given when it is created. */
function siteConfig(spec: DemoSpec): NewTenant['config'] {
  const art = (file: string): string => `/demo/${spec.domain}/${file}`;
  const { brand } = spec.identity;
  return {
    active: true,
    is_regulated: true,
    colors: spec.colors,
    siteTitle: brand,
    siteDescription: spec.description,
    legalName: spec.identity.legalName,
    legalCity: spec.identity.legalCity,
    cnpj: spec.identity.cnpj,
    licence: spec.identity.licence,
    logo: { header: { width: 160, height: 40 }, footer: { width: 200, height: 50 }, auth: { width: 192, height: 48 } },
    images: { logo: art('logo.svg'), logoMobile: art('logo-mobile.svg'), ogImage: art('og.svg'), authBackground: art('auth-bg.svg') },
    icons: { favicon: art('favicon.svg'), appIcon192: art('icon-192.svg'), appIcon512: art('icon-512.svg') },
    supportEmail: spec.identity.email,
    socialLinks: [
      { network: 'instagram', url: `https://www.instagram.com/${spec.handle}` },
      { network: 'x', url: `https://x.com/${spec.handle}` },
      { network: 'telegram', url: `https://t.me/${spec.handle}` },
    ],
    min_deposit: 1_000,
    max_deposit: 5_000_000,
    min_withdrawal: 2_000,
    max_withdrawal: 2_000_000,
    registerCPF: true,
    login_requires_cpf: false,
    login_requires_phone: true,
    login_requires_email: false,
    casVerifyRegistrations: true,
    casAllowGoogleAuth: false,
    cashback_release_day: 1,
    cashback_release_hour: 12,
    cashback_conversion_percentage: 10,
    cashback: true,
    kyc: true,
    hasSports: spec.sportsBrand !== null,
    hasBoxes: true,
    betby: { active: spec.sportsBrand !== null, brand_id: spec.sportsBrand ?? '', theme_name: 'default' },
    spineBox: { red: '#E5484D', blue: '#3E63DD', pink: '#D6409F', black: '#1C1C1F', green: '#30A46C', yellow: '#F5D90A' },
    // R$ 10,00 per referred friend whose first deposit qualifies; paid only where the tenant is not regulated (docs/rewards.md).
    cpa_value: 1_000,
    chat_support: true,
    banners: [
      {
        id: 'pix',
        image: art('banner-pix.svg'),
        alt: { pt: `${brand}: depósitos e saques por Pix em minutos`, en: `${brand}: Pix deposits and withdrawals in minutes` },
        link: '/account/wallet',
      },
      {
        id: 'crash',
        image: art('banner-crash.svg'),
        alt: { pt: 'Jogos crash: saia antes da queda', en: 'Crash games: cash out before the fall' },
        link: '/casino/category/crash',
      },
      {
        id: 'responsible',
        image: art('banner-responsible.svg'),
        alt: { pt: 'Jogo responsável: proibido para menores de 18 anos', en: 'Responsible gaming: no one under 18' },
        link: '/responsible-gaming',
      },
    ],
    fakeBets: false,
  };
}

/** The three demo tenants: the default at `localhost`, `sorte.localhost`, and `manutencao.localhost` in maintenance. */
export function demoTenants(): NewTenant[] {
  return SPECS.map((spec) => {
    const pt = legalPagesPt(spec.identity);
    const en = legalPagesEn(spec.identity);
    return {
      domain: spec.domain,
      status: spec.status,
      config: siteConfig(spec),
      operatorKey: demoOperatorKey(spec.domain),
      pages: [
        ...LEGAL_SLUGS.flatMap((slug) => [
          { kind: 'legal' as const, slug, locale: 'pt' as const, ...pt[slug] },
          { kind: 'legal' as const, slug, locale: 'en' as const, ...en[slug] },
        ]),
        ...customPages(spec.identity),
      ],
      categories: DEMO_CATEGORIES,
    };
  });
}
