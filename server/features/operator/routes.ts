import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { listTenantPages, PageInputSchema, upsertTenantPage } from '../tenants/pages.ts';
import { setTenantStatus } from '../tenants/set-status.ts';
import { patchTenantConfig, updateTenantConfig } from '../tenants/update-config.ts';
import type { WithdrawalsDeps } from '../withdrawals/deps.ts';
import { requireOperator } from './auth.ts';
import type { SiteBuild, SiteBuilder } from './site-builder.ts';
import { operatorWithdrawalRoutes } from './withdrawal-routes.ts';

const StatusBody = v.object({ status: v.picklist(['active', 'maintenance'], 'must be active or maintenance') });
const PageBody = v.object({ title: v.string('is required'), bodyHtml: v.string('is required') });

function publicBuild(build: SiteBuild): { id: string; status: SiteBuild['status']; error?: string } {
  return { id: build.id, status: build.status, ...(build.error ? { error: build.error } : {}) };
}

/**
 * The operator API, each call acting only on the key's own tenant:
 * read/replace/patch the site configuration, open or close the site, list and write
 * pages, and rebuild the tenant's static site. Configuration writes are
 * validated whole; an invalid one answers 422 naming the fields and changes
 * nothing (the served site keeps its last good build). With `withdrawals`,
 * also the review of withdrawals (./withdrawal-routes.ts).
 */
export function operatorRoutes(deps: { db: Db; sites: SiteBuilder; withdrawals?: WithdrawalsDeps | null }): Hono<AppEnv> {
  const { db, sites } = deps;
  const app = new Hono<AppEnv>()
    .use(requireOperator(db))
    .use(async (c, next) => {
      await next();
      // A stricter policy a route set itself (a document's `private, no-store`) stays.
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    .get('/site-config', async (c) => {
      const tenant = await findTenantByDomain(db, c.get('tenant').domain);
      if (!tenant) throw new NotFoundError('tenant_not_found');
      return c.json({ domain: tenant.domain, status: tenant.status, config: tenant.config });
    })
    .put('/site-config', async (c) => {
      c.set('auditBefore', c.get('tenant').config);
      const config = await updateTenantConfig(db, c.get('tenant').id, await readBody(c, v.unknown()));
      return c.json({ config });
    })
    .patch('/site-config', async (c) => {
      const patch = await readBody(c, v.unknown());
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        throw new BadRequestError('invalid_patch', {
          message: { pt: 'O patch deve ser um objeto JSON.', en: 'The patch must be a JSON object.' },
        });
      }
      c.set('auditBefore', c.get('tenant').config);
      const config = await patchTenantConfig(db, c.get('tenant').id, patch);
      return c.json({ config });
    })
    .put('/status', async (c) => {
      const { status } = await readBody(c, StatusBody);
      await setTenantStatus(db, c.get('tenant').id, status);
      return c.json({ status });
    })
    .get('/pages', async (c) => c.json({ pages: await listTenantPages(db, c.get('tenant').id) }))
    .put('/pages/:kind/:slug/:locale', async (c) => {
      const body = await readBody(c, PageBody);
      const input = v.parse(PageInputSchema, { ...c.req.param(), title: body.title, bodyHtml: body.bodyHtml });
      const page = await upsertTenantPage(db, c.get('tenant').id, input);
      return c.json({ page });
    })
    .post('/rebuild', async (c) => {
      const build = await sites.rebuild(c.get('tenant').domain);
      return c.json({ build: publicBuild(build) }, 202);
    })
    .get('/builds/:id', async (c) => {
      const build = await sites.status(c.req.param('id'));
      // Another tenant's build is as invisible as a missing one.
      if (!build || build.domain !== c.get('tenant').domain) throw new NotFoundError('build_not_found');
      return c.json({ build: publicBuild(build) });
    });
  if (deps.withdrawals) app.route('/withdrawals', operatorWithdrawalRoutes(deps.withdrawals));
  return app;
}
