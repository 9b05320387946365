/**
 * Every feature's tables in one object, for Drizzle's relational queries and
 * for drizzle-kit (which reads the feature files directly, see drizzle.config.ts).
 * A new feature adds its `schema.ts` export here.
 */
export * from '../features/tenants/schema.ts';
export * from '../features/users/schema.ts';
export * from '../features/auth/schema.ts';
export * from '../features/notifier/schema.ts';
export * from '../features/rate-limit/schema.ts';
export * from '../features/wallet/schema.ts';
export * from '../features/payments/schema.ts';
export * from '../features/withdrawals/schema.ts';
export * from '../features/casino/schema.ts';
export * from '../features/house/schema.ts';
export * from '../features/chat/schema.ts';
export * from '../features/notifications/schema.ts';
export * from '../features/push/schema.ts';
export * from '../features/idempotency/schema.ts';
export * from '../features/sportsbook/schema.ts';
export * from '../features/responsible-gaming/schema.ts';
export * from '../features/documents/schema.ts';
export * from '../features/address/schema.ts';
export * from '../features/barred/schema.ts';
export * from '../features/account-closure/schema.ts';
export * from '../features/ranks/schema.ts';
export * from '../features/bonuses/schema.ts';
export * from '../features/free-rounds/schema.ts';
export * from '../features/cashback/schema.ts';
export * from '../features/promotions/schema.ts';
export * from '../features/referrals/schema.ts';
export * from '../features/staff/schema.ts';
export * from '../features/players/schema.ts';
export * from '../features/site-files/schema.ts';
