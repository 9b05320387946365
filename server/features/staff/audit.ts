import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditEntryView } from '../../../src/contract/backoffice.ts';
import type { OperatorPrincipal } from '../../http/context.ts';
import type { Db } from '../../db/open.ts';
import { csvCell } from '../../http/csv.ts';
import { type AuditRow, auditLog } from './schema.ts';


/** Who the row names: a staff member (or, for a refused sign-in, the e-mail typed), or the operator key. */
export type AuditActor = AuditEntryView['actor'];

export function actorOf(principal: OperatorPrincipal): AuditActor {
  return principal.kind === 'staff'
    ? { kind: 'staff', staffId: principal.staffId, email: principal.email, role: principal.role }
    : { kind: 'operator_key', staffId: null, email: null, role: null };
}

/** One row to append: what the log shows (server/features/staff/schema.ts), for a tenant. */
export type AuditRecord = Omit<AuditEntryView, 'id' | 'at'> & { tenantId: number };

/** Appends one row; the table refuses UPDATE and DELETE (migration 0020). */
export async function appendAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: record.tenantId,
    actorKind: record.actor.kind,
    staffId: record.actor.staffId,
    staffEmail: record.actor.email,
    staffRole: record.actor.role,
    action: record.action,
    method: record.method,
    path: record.path,
    status: record.status,
    ip: record.ip,
    request: record.request ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * The action name of an operator call: the path's words without ids, then
 * the verb (`POST /withdrawals/12/approve` → `withdrawals.approve`,
 * `PATCH /site-config` → `site-config.patch`).
 */
export function auditAction(method: string, path: string): string {
  const words = path
    .replace(/^\/+/, '')
    .split('/')
    .filter((part) => part !== '' && !/^\d+$/.test(part));
  const last = words.at(-1);
  const verbs = new Set(['approve', 'reject', 'grant', 'assign', 'check', 'file', 'block', 'unblock', 'notes']);
  if (last && verbs.has(last)) return words.join('.');
  return [words[0] ?? 'operator', method.toLowerCase()].join('.');
}

const SECRET_FIELD = /password|secret|code|token|key/i;

// PostgreSQL's jsonb refuses \u0000 and lone surrogates, and a refused call may well carry them: they are kept visible as U+FFFD.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (text: string) => text.replace(LONE_SURROGATES, '\uFFFD').replace(CONTROL_CHARS, '\uFFFD');

/** A body as the log keeps it: secrets replaced, control characters made visible, and bounded in size. */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 200).map((item) => redactForAudit(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, item]) => [clean(k), SECRET_FIELD.test(k) && typeof item === 'string' ? '[redacted]' : redactForAudit(item, depth + 1)]),
    );
  }
  if (typeof value === 'string') return clean(value.length > 4000 ? `${value.slice(0, 4000)}…` : value);
  return value;
}

export interface AuditQuery {
  tenantId: number;
  staffId?: number | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows older than this id (the next page). */
  before?: number | undefined;
  limit: number;
}

function conditions(q: AuditQuery): SQL[] {
  return [
    eq(auditLog.tenantId, q.tenantId),
    ...(q.staffId !== undefined ? [eq(auditLog.staffId, q.staffId)] : []),
    ...(q.action ? [eq(auditLog.action, q.action)] : []),
    ...(q.from ? [gte(auditLog.at, q.from)] : []),
    ...(q.to ? [lte(auditLog.at, q.to)] : []),
    ...(q.before !== undefined ? [lt(auditLog.id, q.before)] : []),
  ];
}

/** Newest first, a page at a time (keyset on id, so a page never shifts while rows are appended). */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(and(...conditions(q))).orderBy(desc(auditLog.id)).limit(q.limit);
}

export function auditView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { kind: row.actorKind, staffId: row.staffId, email: row.staffEmail, role: row.staffRole },
    action: row.action,
    method: row.method,
    path: row.path,
    status: row.status,
    ip: row.ip,
    request: row.request,
    before: row.before,
    after: row.after,
  };
}

const CSV_COLUMNS = ['id', 'at', 'actor', 'role', 'action', 'method', 'path', 'status', 'ip', 'request', 'before', 'after'] as const;

export function auditCsvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function auditCsvLine(row: AuditRow): string {
  const actor = row.actorKind === 'staff' ? row.staffEmail : 'operator-key';
  return `${[row.id, row.at.toISOString(), actor, row.staffRole, row.action, row.method, row.path, row.status, row.ip, row.request, row.before, row.after].map(csvCell).join(',')}\r\n`;
}
