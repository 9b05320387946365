import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import * as v from 'valibot';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireOperator } from '../operator/auth.ts';
import { changeStaff, createStaff, findStaff, listStaff, NewStaffSchema, StaffChangeSchema } from './accounts.ts';
import { auditCsvHeader, auditCsvLine, auditView, listAudit, type AuditQuery } from './audit.ts';
import type { StaffDeps } from './deps.ts';
import { staffView } from './present.ts';
import { dailyFigures } from './reports.ts';

const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'must be an id'), v.transform(Number));
const optionalId = v.optional(IdParam);
const optionalDate = v.optional(v.pipe(v.string(), v.isoDate('must be a date (YYYY-MM-DD)')));
const AuditFilters = v.object({
  staff_id: optionalId,
  action: v.optional(v.pipe(v.string(), v.maxLength(100, 'is too long'))),
  from: optionalDate,
  to: optionalDate,
  before: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'must be an id'), v.transform(Number))),
});
const DaysQuery = v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a number of days'), v.transform(Number), v.minValue(1, 'must be at least 1'), v.maxValue(92, 'must be at most 92')), '30');

const AUDIT_PAGE = 50;
const EXPORT_BATCH = 500;

/** São Paulo calendar days → the instants that bound them (`to` includes its whole day). */
function auditQuery(tenantId: number, f: v.InferOutput<typeof AuditFilters>, limit: number): AuditQuery {
  return {
    tenantId,
    staffId: f.staff_id,
    action: f.action || undefined,
    from: f.from ? new Date(`${f.from}T00:00:00-03:00`) : undefined,
    to: f.to ? new Date(`${f.to}T23:59:59.999-03:00`) : undefined,
    before: f.before,
    limit,
  };
}

/**
 * Staff accounts, the audit log and the dashboard's figures, under
 * `/operator` (requireOperator: the key, or a staff role with the area):
 * - `GET /staff` → `{ data }`; `POST /staff {email, name, role, password}` → 201 `{ staff }`;
 *   `PATCH /staff/{id} {role?, disabled?, resetTotp?, password?}` → `{ staff }` (admin; the key creates the first admin);
 * - `GET /audit?staff_id&action&from&to&before` → `{ data, next }` newest first, 50 a page;
 *   `GET /audit/export` (same filters) → every matching row as CSV, streamed (admin, compliance);
 * - `GET /reports/daily?days=30` → `{ data }` one line per São Paulo day (admin, finance).
 */
export function staffOperatorRoutes(deps: StaffDeps): Hono<AppEnv> {
  const operator = requireOperator(deps.db);
  return new Hono<AppEnv>()
    .use('/staff', operator)
    .use('/staff/*', operator)
    .use('/audit', operator)
    .use('/audit/*', operator)
    .use('/reports/*', operator)
    .get('/staff', async (c) => c.json({ data: (await listStaff(deps, c.get('tenant').id)).map(staffView) }))
    .post('/staff', async (c) => {
      const input = await readBody(c, NewStaffSchema);
      return c.json({ staff: staffView(await createStaff(deps, c.get('tenant').id, input)) }, 201);
    })
    .patch('/staff/:id', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      const change = await readBody(c, StaffChangeSchema);
      c.set('auditBefore', staffView(await findStaff(deps, c.get('tenant').id, id)));
      const who = c.get('operator');
      const row = await changeStaff(deps, c.get('tenant').id, id, change, { staffId: who?.kind === 'staff' ? who.staffId : null });
      return c.json({ staff: staffView(row) });
    })
    .get('/audit', async (c) => {
      const filters = v.parse(AuditFilters, c.req.query());
      const rows = await listAudit(deps.db, auditQuery(c.get('tenant').id, filters, AUDIT_PAGE + 1));
      const page = rows.slice(0, AUDIT_PAGE);
      return c.json({ data: page.map(auditView), next: rows.length > AUDIT_PAGE ? (page.at(-1)?.id ?? null) : null });
    })
    .get('/audit/export', async (c) => {
      const filters = v.parse(AuditFilters, c.req.query());
      const tenantId = c.get('tenant').id;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="audit-${c.get('tenant').domain}.csv"`);
      c.header('Cache-Control', 'no-store');
      return stream(c, async (out) => {
        await out.write(`\uFEFF${auditCsvHeader()}`);
        for (let before = filters.before; ; ) {
          const rows = await listAudit(deps.db, auditQuery(tenantId, { ...filters, before }, EXPORT_BATCH));
          if (rows.length === 0) break;
          await out.write(rows.map(auditCsvLine).join(''));
          before = rows.at(-1)!.id;
          if (rows.length < EXPORT_BATCH) break;
        }
      });
    })
    .get('/reports/daily', async (c) => {
      const days = v.parse(DaysQuery, c.req.query('days'));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await dailyFigures(deps.db, c.get('tenant').id, days, deps.now()) });
    });
}
