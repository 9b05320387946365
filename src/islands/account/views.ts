/** The account pages of spec section 2: path and title key of each view. */
export const ACCOUNT_VIEWS = {
  profile: { path: '/user', titleKey: 'account.titles.profile' },
  accessData: { path: '/user/edit/access-data', titleKey: 'account.titles.accessData' },
  personalData: { path: '/user/edit/personal-data', titleKey: 'account.titles.personalData' },
  verification: { path: '/user/edit/verification', titleKey: 'account.titles.verification' },
} as const;

export type AccountView = keyof typeof ACCOUNT_VIEWS;
