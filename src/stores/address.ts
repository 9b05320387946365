import { atom } from 'nanostores';
import { type AddressAnswer, AddressSchema, type AddressView, formatCep } from '../contract/address.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { api } from './api.ts';
import { createForm } from './form.ts';
import { $session } from './session.ts';
import { onPlayerChange } from './player-change.ts';

/**
 * The player's postal address on `/user/edit/personal-data` (issue 17):
 * loaded with `GET /address`, saved with `POST /address/create` (which
 * creates or replaces it). The same shared schema checks the form here and
 * the request on the platform, so a field's message is the same on both.
 */

export type AddressLoad = { status: 'idle' | 'loading' } | { status: 'ready'; address: AddressView | null } | { status: 'error'; message: Message };

export const $address = atom<AddressLoad>({ status: 'idle' });

/** "Endereço salvo." after a save; cleared when the player edits again. */
export const $addressNotice = atom<Message | null>(null);

/** The form's values: what the player types (the CEP as typed, e.g. `01310-100`). A type, not an interface, so it is a request body as it is. */
export type AddressValues = {
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  /** A UF code, or '' before one is chosen. */
  state: string;
};

function valuesOf(address: AddressView | null): AddressValues {
  if (!address) return { cep: '', street: '', number: '', complement: '', district: '', city: '', state: '' };
  return { ...address, cep: formatCep(address.cep), complement: address.complement ?? '' };
}

function stored(): AddressView | null {
  const load = $address.get();
  return load.status === 'ready' ? load.address : null;
}

export const addressForm = createForm<AddressValues>({
  initial: () => valuesOf(stored()),
  check: (values) => issuesByField(AddressSchema, values),
});

/** Model update of one field; hides the last "saved" notice. */
export function setAddressField<K extends keyof AddressValues>(field: K, value: AddressValues[K]): void {
  $addressNotice.set(null);
  addressForm.set(field, value);
}

/** `GET /address` → fills the form with the stored address (empty when none). */
export async function loadAddress(): Promise<void> {
  if ($session.get().status !== 'user') return;
  if ($address.get().status !== 'ready') $address.set({ status: 'loading' });
  try {
    const { address } = await api.get<AddressAnswer>('/address');
    $address.set({ status: 'ready', address });
    addressForm.reset();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    $address.set({ status: 'error', message: keyMessage('account.address.loadFailed') });
  }
}

/**
 * Checks every field, then `POST /address/create`. The platform's 422
 * field errors show under their fields; the saved address becomes the
 * form's starting values. True when saved.
 */
export async function saveAddress(): Promise<boolean> {
  $addressNotice.set(null);
  if (!addressForm.validate()) return false;
  try {
    const { address } = await addressForm.submit(() => api.post<{ address: AddressView }>('/address/create', addressForm.$values.get()));
    $address.set({ status: 'ready', address });
    addressForm.reset();
    $addressNotice.set(keyMessage('account.address.saved'));
    return true;
  } catch (error) {
    addressForm.showApiError(error);
    return false;
  }
}

onPlayerChange(() => {
  $address.set({ status: 'idle' });
  $addressNotice.set(null);
  addressForm.reset();
});
