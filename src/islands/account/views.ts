/**
 * The account pages of spec section 2: path, page title, link label in the
 * account navigation, and the parent title shown above the heading ("Editar
 * conta" for `/user/edit/*`). The three wallet pages share the title
 * "Carteira" (spec), so their links need labels of their own.
 */
interface AccountViewEntry {
  path: string;
  titleKey: string;
  navKey: string;
  parentKey: string | null;
}

export const ACCOUNT_VIEWS = {
  profile: { path: '/user', titleKey: 'account.titles.profile', navKey: 'account.titles.profile', parentKey: null },
  accessData: { path: '/user/edit/access-data', titleKey: 'account.titles.accessData', navKey: 'account.titles.accessData', parentKey: 'account.titles.edit' },
  personalData: { path: '/user/edit/personal-data', titleKey: 'account.titles.personalData', navKey: 'account.titles.personalData', parentKey: 'account.titles.edit' },
  verification: { path: '/user/edit/verification', titleKey: 'account.titles.verification', navKey: 'account.titles.verification', parentKey: 'account.titles.edit' },
  wallet: { path: '/account/wallet', titleKey: 'wallet.titles.wallet', navKey: 'wallet.nav.wallet', parentKey: null },
  transactions: { path: '/user/edit/transaction', titleKey: 'wallet.titles.wallet', navKey: 'wallet.nav.transactions', parentKey: 'account.titles.edit' },
  casinoHistory: { path: '/user/edit/history-casino', titleKey: 'wallet.titles.wallet', navKey: 'wallet.nav.casinoHistory', parentKey: 'account.titles.edit' },
  responsibleGambling: { path: '/responsible-gambling', titleKey: 'responsibleGaming.title', navKey: 'responsibleGaming.title', parentKey: null },
} as const satisfies Record<string, AccountViewEntry>;

export type AccountView = keyof typeof ACCOUNT_VIEWS;
