import { VERIFYING_DOCUMENT_TYPES } from '../../../src/contract/documents.ts';
import type { Db } from '../../../server/db/open.ts';
import { identityDocuments } from '../../../server/features/documents/schema.ts';

/**
 * Makes a player verified (issue 17, KYC) as an operator's approval would:
 * identity front, identity back and selfie approved. For tests about
 * something else that needs a verified player (withdrawals while the
 * tenant's `kyc` is on); the rows name no stored file.
 */
export async function verifyPlayerDocuments(db: Db, tenantId: number, userId: number): Promise<void> {
  const at = new Date();
  await db.insert(identityDocuments).values(
    VERIFYING_DOCUMENT_TYPES.map((type) => ({
      tenantId,
      userId,
      type,
      status: 'approved' as const,
      file: '0'.repeat(32),
      mime: 'image/jpeg' as const,
      size: 1,
      sha256: '0'.repeat(64),
      reviewedBy: 'test',
      reviewedAt: at,
      createdAt: at,
      updatedAt: at,
    })),
  );
}
