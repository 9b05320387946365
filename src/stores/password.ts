import { atom } from 'nanostores';
import { PasswordChangeSchema } from '../contract/validation/auth.ts';
import { api } from './api.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { createForm } from './form.ts';

/**
 * Password change from the profile (spec section 5: confirmation required
 * and equal, 'As senhas não coincidem').
 */
export interface PasswordChangeValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const passwordChangeForm = createForm<PasswordChangeValues>({
  initial: () => ({ current_password: '', password: '', password_confirmation: '' }),
  check: (values) => issuesByField(PasswordChangeSchema, values),
  dependents: { password: ['password_confirmation'] },
});

export const $passwordNotice = atom<Message | null>(null);

/** `POST /auth/request-password-change`. */
export async function changePassword(): Promise<boolean> {
  $passwordNotice.set(null);
  if (!passwordChangeForm.validate()) return false;
  try {
    await passwordChangeForm.submit(() => api.post('/auth/request-password-change', { ...passwordChangeForm.$values.get() }));
    passwordChangeForm.reset();
    $passwordNotice.set(keyMessage('account.password.changed'));
    return true;
  } catch (error) {
    passwordChangeForm.showApiError(error);
    return false;
  }
}
