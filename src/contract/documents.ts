/**
 * Identity documents (issue 17, KYC): the shapes the verification page
 * (`/user/edit/verification`) and the platform share.
 *
 * Calls (player, under `/api`, bearer token, answers `Cache-Control: no-store`):
 * - `POST /documents/upload` multipart `document` (the file) and `type` → `DocumentView` (201)
 * - `GET /documents/status` → `DocumentsStatus`
 * - `POST /documents/cancel/{id}` → `DocumentView` (only a pending document of the caller; else 404)
 * - `GET /documents/{id}/file` → the bytes, `Content-Type` as sniffed,
 *   `Content-Disposition: attachment`, `Cache-Control: private, no-store`
 *   (owner only; another player's id → 404)
 *
 * Operator (`X-Operator-Key`): `GET /operator/documents?status=pending`,
 * `GET /operator/documents/{id}/file`, `POST /operator/documents/{id}/approve`,
 * `POST /operator/documents/{id}/reject {reason}`.
 */

export const DOCUMENT_TYPES = ['identity_front', 'identity_back', 'selfie', 'proof_of_address'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Accepted files, recognised by their bytes (never by name or the client's Content-Type). */
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMime = (typeof DOCUMENT_MIME_TYPES)[number];

/** Largest file accepted (the site checks it before sending; the platform enforces it). */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;

export interface DocumentView {
  id: number;
  type: DocumentType;
  status: DocumentStatus;
  mime: DocumentMime;
  size: number;
  /** The operator's reason, when rejected. */
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

/** Where the player's verification stands, per type: the latest document that is not cancelled. */
export interface DocumentsStatus {
  documents: DocumentView[];
  /** Per type, the latest non-cancelled document's status; missing = none sent. */
  by_type: Partial<Record<DocumentType, DocumentStatus>>;
  /** The tenant's `kyc` is on: withdrawals wait for approved documents. */
  required: boolean;
  /**
   * Identity front, identity back and selfie each have an approved document:
   * what withdrawals wait for when `required`. Proof of address is reviewed
   * like the others but does not hold withdrawals back.
   */
  verified: boolean;
  /** Proof of address is accepted only after `POST /address/create`. */
  has_address: boolean;
}

/** The types that make a player verified (what `verified` and withdrawals wait for). */
export const VERIFYING_DOCUMENT_TYPES = ['identity_front', 'identity_back', 'selfie'] as const satisfies readonly DocumentType[];

/** Longest reason an operator may give when rejecting a document. */
export const DOCUMENT_REASON_MAX = 500;

/** Where the site's verification page lives (the withdrawal refusal points there). */
export const VERIFICATION_PAGE_PATH = '/user/edit/verification';

/**
 * `code` of the 403 refusal of `POST /wallet/withdraw/request` while the
 * tenant's `kyc` is on and the player is not `verified`; the body also
 * carries `verification_url` (VERIFICATION_PAGE_PATH), for the site to link.
 */
export const DOCUMENTS_REQUIRED_CODE = 'documents_required';
