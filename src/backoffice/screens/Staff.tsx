import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffRole, type StaffView } from '../../contract/backoffice.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { $session } from '../stores/session.ts';
import { $staff, changeStaff, createStaff, loadStaff } from '../stores/staff.ts';

function NewStaffForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useStore($fieldErrors);
  const said = (field: 'name' | 'email' | 'password') => (errors[field] ? [t(`staff.errors.${field}`)] : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await createStaff({ email, name, role, password })) {
      setEmail('');
      setName('');
      setPassword('');
    }
    setBusy(false);
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="new-staff" noValidate>
      <h2 id="new-staff">{t('staff.new')}</h2>
      <div className="grid">
        <Field label={t('staff.name')} value={name} onChange={(e) => setName(e.target.value)} errors={said('name')} required autoComplete="off" />
        <Field label={t('staff.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} errors={said('email')} required autoComplete="off" />
        <div className="field">
          <label htmlFor="new-staff-role">{t('staff.role')}</label>
          <select id="new-staff-role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('staff.password')}
          hint={t('staff.passwordHint')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          minLength={12}
          errors={said('password')}
          required
          autoComplete="new-password"
        />
      </div>
      <button className="button button--primary" type="submit" disabled={busy}>
        {t('staff.create')}
      </button>
    </form>
  );
}

function StaffRow({ member, isMe }: { member: StaffView; isMe: boolean }) {
  return (
    <tr data-staff={member.email}>
      <th scope="row">
        {member.name}
        <br />
        <span className="muted">{member.email}</span>
      </th>
      <td>
        <label className="visually-hidden" htmlFor={`role-${member.id}`}>
          {t('staff.roleOf', { name: member.name })}
        </label>
        <select id={`role-${member.id}`} value={member.role} disabled={isMe} onChange={(e) => void changeStaff(member, { role: e.target.value as StaffRole })}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </td>
      <td>{member.disabled ? t('staff.disabled') : member.totpEnrolled ? t('staff.active') : t('staff.awaitingTotp')}</td>
      <td>{member.lastLoginAt ? formatDateTime(member.lastLoginAt) : '—'}</td>
      <td>
        {!isMe && (
          <div className="actions">
            <button className="button button--small" type="button" onClick={() => void changeStaff(member, { disabled: !member.disabled })}>
              {member.disabled ? t('staff.enable', { name: member.name }) : t('staff.disable', { name: member.name })}
            </button>
            {member.totpEnrolled && (
              <button className="button button--small" type="button" onClick={() => void changeStaff(member, { resetTotp: true })}>
                {t('staff.resetTotp', { name: member.name })}
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** Staff accounts of the site (admin): create with a first password, change role, disable, reset a lost authenticator. */
export function Staff() {
  const state = useStore($staff);
  const session = useStore($session);
  const myId = session.kind === 'signed-in' ? session.session.staff.id : null;
  useEffect(() => void loadStaff(), []);
  return (
    <>
      <h1>{t('screens.staff')}</h1>
      <Outcome />
      <NewStaffForm />
      <LoadState state={state} />
      {state.data && (
        <DataTable
          label={t('screens.staff')}
          caption={t('staff.caption', { count: state.data.length })}
          columns={[t('staff.name'), t('staff.role'), t('staff.state'), t('staff.lastLogin'), t('staff.actions')]}
        >
          {state.data.map((m) => (
            <StaffRow key={m.id} member={m} isMe={m.id === myId} />
          ))}
        </DataTable>
      )}
    </>
  );
}
