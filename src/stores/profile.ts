import { atom, computed } from 'nanostores';
import { UpdateNameSchema, UpdateUserSchema } from '../contract/validation/index.ts';
import type { PublicProfile } from '../contract/auth.ts';
import type { PrivacySetting } from '../contract/validation/profile.ts';
import { api } from './api.ts';
import type { AccountUser } from '../lib/auth/account-user.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { adoptUser } from './auth.ts';
import { createForm } from './form.ts';
import { $session } from './session.ts';

/**
 * The player's own profile (account pages, spec sections 2 and 3): load,
 * name, language, birth date, e-mail, avatar, privacy toggles and the
 * public view others get. Every answer that returns the user updates
 * `$session`, so the header and every island see the change.
 */

/** The logged-in player, or null for a guest. */
export const $account = computed($session, (session) => (session.status === 'user' ? (session.user as AccountUser) : null));

export type ProfileLoad = { status: 'idle' | 'loading' | 'ready' } | { status: 'error'; message: Message };
export const $profileLoad = atom<ProfileLoad>({ status: 'idle' });

/** `GET /profile` → `{ user }`: refreshes the stored user. */
export async function loadProfile(): Promise<void> {
  if ($session.get().status !== 'user') return;
  $profileLoad.set({ status: 'loading' });
  try {
    const { user } = await api.get<{ user: AccountUser }>('/profile');
    adoptUser(user);
    $profileLoad.set({ status: 'ready' });
  } catch {
    $profileLoad.set({ status: 'error', message: keyMessage('errors.generic') });
  }
}

/** A short confirmation shown after a save ("Alterações salvas."). */
export const $profileNotice = atom<Message | null>(null);

function saved(user: AccountUser): void {
  adoptUser(user);
  $profileNotice.set(keyMessage('account.saved'));
}

export interface PersonalValues {
  name: string;
  birth_date: string;
}

/** Name (`/profile/updateName`) and birth date (`/auth/update`). */
export const personalForm = createForm<PersonalValues>({
  initial: () => {
    const user = $account.get();
    return { name: user?.name ?? '', birth_date: user?.birth_date ?? '' };
  },
  check: (values) => ({
    ...issuesByField(UpdateNameSchema, { name: values.name }),
    ...issuesByField(UpdateUserSchema, { birth_date: values.birth_date }),
  }),
});

/** Saves whatever changed of name and birth date. */
export async function savePersonalData(): Promise<boolean> {
  if (!personalForm.validate()) return false;
  const user = $account.get();
  const values = personalForm.$values.get();
  $profileNotice.set(null);
  try {
    await personalForm.submit(async () => {
      if (values.name.trim() !== user?.name) saved((await api.post<{ data: AccountUser }>('/profile/updateName', { name: values.name })).data);
      if (values.birth_date !== (user?.birth_date ?? '')) {
        saved((await api.post<{ data: AccountUser }>('/auth/update', { birth_date: values.birth_date })).data);
      }
    });
    return true;
  } catch (error) {
    personalForm.showApiError(error);
    return false;
  }
}

export interface EmailValues {
  email: string;
}

/** Changing the e-mail (`/auth/update {email}`); the new address must be verified again. */
export const emailForm = createForm<EmailValues>({
  initial: () => ({ email: $account.get()?.email ?? '' }),
  check: (values) => {
    const issues = issuesByField(UpdateUserSchema, { email: values.email });
    return values.email.trim() === '' ? { email: keyMessage('validation.required') } : issues;
  },
});

export async function saveEmail(): Promise<boolean> {
  if (!emailForm.validate()) return false;
  $profileNotice.set(null);
  try {
    const { data } = await emailForm.submit(() => api.post<{ data: AccountUser }>('/auth/update', { email: emailForm.$values.get().email }));
    saved(data);
    return true;
  } catch (error) {
    emailForm.showApiError(error);
    return false;
  }
}

export type Pending = { status: 'idle' } | { status: 'saving' } | { status: 'error'; message: Message };
export const $languageSave = atom<Pending>({ status: 'idle' });

/** `POST /profile/updateLanguage {language}`. */
export async function saveLanguage(language: 'pt' | 'en'): Promise<boolean> {
  $languageSave.set({ status: 'saving' });
  try {
    const { data } = await api.post<{ data: AccountUser }>('/profile/updateLanguage', { language });
    saved(data);
    $languageSave.set({ status: 'idle' });
    return true;
  } catch (error) {
    $languageSave.set({ status: 'error', message: errorMessage(error) });
    return false;
  }
}

function errorMessage(error: unknown): Message {
  return error instanceof Error && 'messages' in error && Array.isArray(error.messages) && error.messages.length > 0
    ? { text: (error.messages as string[]).join(' ') }
    : keyMessage('errors.generic');
}

/** Section 5 image types and the 2 MB limit, checked before uploading. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/bmp', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const $avatarUpload = atom<Pending>({ status: 'idle' });

/** Why a file cannot be an avatar, or null. */
export function avatarProblem(file: { type: string; size: number }): Message | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return keyMessage('account.avatar.badType');
  if (file.size > AVATAR_MAX_BYTES) return keyMessage('account.avatar.tooBig');
  return null;
}

/** `POST /profile/uploadAvatar` (multipart field `avatar`). */
export async function uploadAvatar(file: File): Promise<boolean> {
  const problem = avatarProblem(file);
  if (problem) {
    $avatarUpload.set({ status: 'error', message: problem });
    return false;
  }
  $avatarUpload.set({ status: 'saving' });
  const form = new FormData();
  form.append('avatar', file);
  try {
    const { data } = await api.post<{ data: AccountUser }>('/profile/uploadAvatar', form);
    saved(data);
    $avatarUpload.set({ status: 'idle' });
    return true;
  } catch (error) {
    $avatarUpload.set({ status: 'error', message: errorMessage(error) });
    return false;
  }
}

/** Toggles being saved, by name (privacy settings and `hide_metrics`). */
export const $toggleSaving = atom<ReadonlySet<string>>(new Set());
export const $toggleError = atom<Message | null>(null);

/**
 * Saves one toggle optimistically: the stored user shows the new value at
 * once, the server's answer then replaces it, and a failure puts the previous
 * user back with the error.
 */
async function saveToggle(name: string, optimistic: (user: AccountUser) => AccountUser, call: () => Promise<{ data: AccountUser }>): Promise<boolean> {
  const before = $account.get();
  if (before) adoptUser(optimistic(before));
  $toggleSaving.set(new Set([...$toggleSaving.get(), name]));
  $toggleError.set(null);
  try {
    saved((await call()).data);
    return true;
  } catch (error) {
    if (before) adoptUser(before);
    $toggleError.set(errorMessage(error));
    return false;
  } finally {
    const next = new Set($toggleSaving.get());
    next.delete(name);
    $toggleSaving.set(next);
  }
}

/** `POST /profile/update-settings {[setting]: value}`: one privacy toggle (section 3). */
export function savePrivacySetting(setting: PrivacySetting, value: boolean): Promise<boolean> {
  return saveToggle(
    setting,
    (user) => ({ ...user, settings: { ...user.settings, [setting]: value } }),
    () => api.post('/profile/update-settings', { [setting]: value }),
  );
}

/** `POST /profile/toggle-hide-metrics {hide_metrics}`. */
export function saveHideMetrics(value: boolean): Promise<boolean> {
  return saveToggle('hide_metrics', (user) => ({ ...user, hide_metrics: value }), () => api.post('/profile/toggle-hide-metrics', { hide_metrics: value }));
}

/** What another player sees (`/profile/show`): only the fields the owner did not hide. */
export type { PublicProfile } from '../contract/auth.ts';
export type PublicProfileState = { status: 'idle' | 'loading' } | { status: 'ready'; profile: PublicProfile } | { status: 'error'; message: Message };
export const $publicProfile = atom<PublicProfileState>({ status: 'idle' });

/** `POST /profile/show {user_id}`. */
export async function loadPublicProfile(userId: number): Promise<void> {
  $publicProfile.set({ status: 'loading' });
  try {
    const { data } = await api.post<{ data: PublicProfile }>('/profile/show', { user_id: userId });
    $publicProfile.set({ status: 'ready', profile: data });
  } catch (error) {
    $publicProfile.set({ status: 'error', message: errorMessage(error) });
  }
}
