import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../i18n.ts';
import { Field } from '../components/Field.tsx';
import { $loginBusy, $loginError, $session, restartLogin, submitCode, submitPassword } from '../stores/session.ts';

function PasswordForm({ notice }: { notice: string | null }) {
  const busy = useStore($loginBusy);
  const error = useStore($loginError);
  const [site, setSite] = useState(() => location.hostname);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitPassword({ site, email, password });
  };
  return (
    <form className="card login" onSubmit={onSubmit} noValidate>
      <h1>{t('login.title')}</h1>
      {notice && <p className="message message--info">{notice}</p>}
      <Field label={t('login.site')} hint={t('login.siteHint')} value={site} onChange={(e) => setSite(e.target.value)} autoComplete="url" required />
      <Field label={t('login.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" required />
      <Field label={t('login.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
      {error && (
        <p className="message message--error" role="alert">
          {error}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={busy}>
        {busy ? t('common.wait') : t('login.continue')}
      </button>
    </form>
  );
}

function CodeForm() {
  const state = useStore($session);
  const busy = useStore($loginBusy);
  const error = useStore($loginError);
  const [code, setCode] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (state.kind !== 'second-factor') return null;
  const { step } = state;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(code);
  };
  return (
    <form className="card login" onSubmit={onSubmit} noValidate>
      <h1 ref={heading} tabIndex={-1}>
        {step.step === 'enrol' ? t('login.enrolTitle') : t('login.codeTitle')}
      </h1>
      {step.step === 'enrol' ? (
        <>
          <p>{t('login.enrolIntro')}</p>
          <img className="login__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.qrSvg)}`} alt={t('login.qrAlt')} width={200} height={200} />
          <p className="muted">{t('login.enrolManual')}</p>
          <p>
            <code className="login__secret" data-testid="totp-secret">
              {step.secret}
            </code>
          </p>
        </>
      ) : (
        <p>{t('login.codeIntro')}</p>
      )}
      <Field label={t('login.code')} value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required />
      {error && (
        <p className="message message--error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? t('common.wait') : t('login.signIn')}
        </button>
        <button className="button" type="button" onClick={restartLogin}>
          {t('login.back')}
        </button>
      </div>
    </form>
  );
}

/** Password, then the authenticator's code (the first time: enrol it with the QR code). */
export function Login() {
  const state = useStore($session);
  return <main className="login-page">{state.kind === 'second-factor' ? <CodeForm /> : <PasswordForm notice={state.kind === 'signed-out' ? state.notice : null} />}</main>;
}
