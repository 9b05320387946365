import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type SubmitEvent, useId } from 'react';
import { PIX_KEY_TYPES, type PixKeyType } from '../../contract/wallet.ts';
import { $pixKeyNotice, addPixKey, pixKeyForm, setPixKeyField } from '../../stores/withdraw.ts';
import { FormMessage, TextField } from '../auth/fields.tsx';
import { formatCpf, formatPhoneInput } from '../../lib/forms/mask.ts';

const INPUT_MODE: Record<PixKeyType, 'numeric' | 'tel' | 'email' | 'text'> = { cpf: 'numeric', phone: 'tel', email: 'email', random: 'text' };
/** CPF and phone keys are masked as typed (Pix phone keys are Brazilian); the store sends the normalised key. */
const FORMAT: Partial<Record<PixKeyType, (text: string) => string>> = { cpf: formatCpf, phone: (text) => formatPhoneInput(text, 'BR') };

/** "Adicionar chave Pix": type (CPF, Telefone, E-mail, Chave aleatória) and key, checked per type before the call. */
export function PixKeyForm({ t }: { t: TFunction }) {
  const values = useStore(pixKeyForm.$values);
  const errors = useStore(pixKeyForm.$errors);
  const formError = useStore(pixKeyForm.$formError);
  const submitting = useStore(pixKeyForm.$submitting);
  const notice = useStore($pixKeyNotice);
  const ids = useId();

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void addPixKey();
  };

  return (
    <form className="wallet-key-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{t('wallet.pixKey.heading')}</h3>
      <div className="wallet-key-form__fields">
        <div className="field">
          <label htmlFor={`${ids}-type`}>{t('wallet.pixKey.type')}</label>
          <select id={`${ids}-type`} data-testid="pix-key-type" value={values.type} onChange={(e) => setPixKeyField('type', e.target.value as PixKeyType)}>
            {PIX_KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`wallet.pixKey.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          t={t}
          label={t('wallet.pixKey.key')}
          value={values.key}
          onValue={(key) => setPixKeyField('key', key)}
          error={errors.key}
          inputMode={INPUT_MODE[values.type]}
          format={FORMAT[values.type]}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t(`wallet.pixKey.placeholders.${values.type}`)}
          data-testid="pix-key"
        />
      </div>
      <FormMessage t={t} message={formError} tone="error" />
      <FormMessage t={t} message={notice} tone="info" />
      <button type="submit" className="button" disabled={submitting} data-testid="pix-key-add">
        {t('wallet.pixKey.submit')}
      </button>
    </form>
  );
}
