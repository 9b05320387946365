import type { StaffView } from '../../../src/contract/backoffice.ts';
import type { StaffUserRow } from './schema.ts';

export function staffView(row: StaffUserRow): StaffView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    totpEnrolled: row.totpEnrolledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
