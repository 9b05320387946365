import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { VERIFYING_DOCUMENT_TYPES } from '../../src/contract/documents.ts';
import { tenantUrl } from './helpers.ts';
import { operatorCall } from './tenant-api.ts';

/**
 * Identity documents (issue 17, KYC) for tests about something else: every
 * demo tenant has `kyc` on, so a player withdraws only once identity front,
 * identity back and selfie are approved. Done through the real API, as the
 * verification page and the operator's review would.
 */

const PORT = Number(process.env.E2E_PORT ?? 4391);
const FIXTURES: Record<(typeof VERIFYING_DOCUMENT_TYPES)[number], { file: string; mime: string }> = {
  identity_front: { file: 'identity-front.jpg', mime: 'image/jpeg' },
  identity_back: { file: 'identity-back.png', mime: 'image/png' },
  selfie: { file: 'selfie.jpg', mime: 'image/jpeg' },
};

/** Uploads one small fixture document with the player's token; answers its id (pending review). */
export async function uploadDocument(player: { token: string }, type: (typeof VERIFYING_DOCUMENT_TYPES)[number], host = 'localhost'): Promise<number> {
  const { file, mime } = FIXTURES[type];
  const bytes = await readFile(fileURLToPath(new URL(`../fixtures/documents/${file}`, import.meta.url)));
  const form = new FormData();
  form.set('type', type);
  form.set('document', new File([bytes], file, { type: mime }));
  const uploaded = await fetch(`http://127.0.0.1:${PORT}/api/documents/upload`, {
    method: 'POST',
    headers: { Origin: tenantUrl(host, '').replace(/\/$/, ''), Authorization: `Bearer ${player.token}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  return ((await uploaded.json()) as { id: number }).id;
}

/** Uploads the three small fixture documents with the player's token and approves them with the tenant's demo operator key. */
export async function verifyDocuments(player: { token: string }, host = 'localhost'): Promise<void> {
  for (const type of VERIFYING_DOCUMENT_TYPES) {
    const id = await uploadDocument(player, type, host);
    const approved = await operatorCall(host, 'POST', `/operator/documents/${id}/approve`);
    expect(approved.status, await approved.clone().text()).toBe(200);
  }
}
