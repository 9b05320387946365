import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOfOperatorPath, OPERATOR_PATH_AREAS, ROLE_AREAS, roleMayUse, STAFF_ROLES, type StaffRole } from '../../../../src/contract/backoffice.ts';
import { STAFF_MESSAGES } from '../../../../server/features/staff/messages.ts';
import { SORTE_KEY, type StaffHarness, staffHarness } from './harness.ts';

let h: StaffHarness;
const cookies = new Map<StaffRole, string>();
beforeAll(async () => {
  h = await staffHarness();
  for (const role of STAFF_ROLES) cookies.set(role, await h.login(await h.createStaff(role)));
});
afterAll(() => h.close());

/** Every operator call the platform mounts, with sample values for its parameters. */
function operatorCalls(): Array<{ method: string; path: string }> {
  const samples: Record<string, string> = { slug: 'no-such-thing', code: 'NOSUCHCODE', kind: 'custom', locale: 'pt' };
  const seen = new Set<string>();
  const calls: Array<{ method: string; path: string }> = [];
  for (const route of h.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/operator/')) continue;
    const path = route.path
      .slice('/api/operator'.length)
      .replace(/:(\w+)(\{([^}]+)\})?/g, (_whole, name: string, _re, alternatives?: string) => alternatives?.split('|')[0] ?? samples[name] ?? '999999');
    const key = `${route.method} ${path}`;
    if (!seen.has(key)) calls.push({ method: route.method, path });
    seen.add(key);
  }
  return calls;
}

describe('the role policy', () => {
  it('gives every mounted operator call an area (a new call must be placed on purpose)', () => {
    const calls = operatorCalls();
    expect(calls.length).toBeGreaterThan(60);
    const unplaced = calls.filter((c) => areaOfOperatorPath(c.path) === null);
    expect(unplaced).toEqual([]);
    // And no area names a call that does not exist any more.
    const firstSegments = new Set(calls.map((c) => c.path.split('/')[1]));
    expect(Object.keys(OPERATOR_PATH_AREAS).filter((segment) => !firstSegments.has(segment))).toEqual([]);
  });

  it('admin has every area; finance, support, compliance and marketing only their own', () => {
    expect(ROLE_AREAS.finance).not.toContain('site');
    expect(roleMayUse('support', 'finance')).toBe(false);
    expect(roleMayUse('marketing', null)).toBe(false);
    expect(roleMayUse('admin', null)).toBe(true);
  });
});

describe('every operator call × every role, on the server', () => {
  const refusal = [STAFF_MESSAGES.roleForbidden.en, STAFF_MESSAGES.roleForbidden.pt];

  it.each(STAFF_ROLES)('%s: refused exactly the calls outside its areas', async (role) => {
    const cookie = cookies.get(role)!;
    const wrong: string[] = [];
    for (const call of operatorCalls()) {
      const body = call.method === 'GET' || call.method === 'DELETE' ? undefined : {};
      const answer = await h.request(call.method, `/operator${call.path}`, { cookie, ...(body ? { body } : {}) });
      const refusedByRole = answer.status === 403 && refusal.includes(String(answer.body.message));
      const mayUse = roleMayUse(role, areaOfOperatorPath(call.path));
      if (refusedByRole === mayUse) wrong.push(`${call.method} ${call.path} → ${answer.status} ${String(answer.body.message ?? '')}`);
      if (answer.status === 401) wrong.push(`${call.method} ${call.path} → 401 (session lost)`);
    }
    expect(wrong).toEqual([]);
  });

  it('the operator key (automation) may make every call', async () => {
    const refusedByRole: string[] = [];
    for (const call of operatorCalls().filter((c) => c.method === 'GET')) {
      const answer = await h.request('GET', `/operator${call.path}`, { key: SORTE_KEY });
      if (answer.status === 403 && refusal.includes(String(answer.body.message))) refusedByRole.push(call.path);
    }
    expect(refusedByRole).toEqual([]);
  });
});
