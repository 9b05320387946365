import type { RateRule } from './limiter.ts';

/**
 * The platform's abuse limits (issue 3). Keys always include the tenant, so
 * one operator's traffic never locks players of another.
 */
export const RATE_RULES = {
  /** Lockout: 5 failed logins of one phone → 15 minutes. */
  loginFailuresPerPhone: { limit: 5, windowSeconds: 15 * 60 },
  /** Login attempts from one IP. */
  loginPerIp: { limit: 30, windowSeconds: 10 * 60 },
  /** Codes sent to one phone or e-mail (on top of the 20 s resend wait). */
  codesPerDestination: { limit: 5, windowSeconds: 60 * 60 },
  /** Codes requested from one IP. */
  codesPerIp: { limit: 15, windowSeconds: 60 * 60 },
  /** CPF checks from one IP (each reveals whether a CPF is registered). */
  cpfChecksPerIp: { limit: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

/** Key helpers, so every caller spells keys alike. */
export const rateKey = {
  loginFailures: (tenantId: number, phone: string) => `login-fail:${tenantId}:${phone}`,
  loginIp: (tenantId: number, ip: string) => `login-ip:${tenantId}:${ip}`,
  codesDestination: (tenantId: number, destination: string) => `code-dest:${tenantId}:${destination}`,
  codesIp: (tenantId: number, ip: string) => `code-ip:${tenantId}:${ip}`,
  cpfIp: (tenantId: number, ip: string) => `cpf-ip:${tenantId}:${ip}`,
};

/**
 * A per-IP rule with its limit multiplied by `scale` (IP_RATE_LIMIT_SCALE):
 * many players can share one address (carrier NAT, an office, or the
 * browser tests, which all come from 127.0.0.1). Per-phone limits and the
 * login lockout are never scaled.
 */
export function perIpRule(rule: RateRule, scale: number): RateRule {
  return { limit: rule.limit * scale, windowSeconds: rule.windowSeconds };
}
