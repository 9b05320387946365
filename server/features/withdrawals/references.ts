/** Ledger reference of a withdrawal's reservation (the `withdraw` debit made with it). */
export const reserveReference = (id: number): string => `withdrawal:${id}`;

/** Ledger reference of the one release of a withdrawal's funds (cancelled, rejected or refused key). */
export const releaseReference = (id: number): string => `withdrawal-release:${id}`;
