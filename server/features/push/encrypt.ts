import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** Record size written in the aes128gcm header (RFC 8188 §2.1); the whole message fits in one record. */
const RECORD_SIZE = 4096;
/**
 * Largest plaintext sent: the whole encrypted body (86-byte header + text +
 * 1-byte delimiter + 16-byte tag) stays within the 4096 bytes every push
 * service must accept (RFC 8291 §4).
 */
export const MAX_PLAINTEXT_BYTES = 4096 - 86 - 17;

/**
 * Encrypts a push message for one subscription as RFC 8291 (Message
 * Encryption for Web Push) with the `aes128gcm` content coding of RFC 8188:
 * a fresh ECDH key pair and salt per message, one record, no padding.
 * `p256dh` and `auth` are the subscription's keys, base64url; `salt` and
 * `senderPrivateKey` are fixed only by tests (RFC 8291 §5's example).
 * @throws Error when the plaintext does not fit one record or the keys are malformed.
 */
export function encryptPushPayload(opts: { p256dh: string; auth: string; plaintext: Buffer; salt?: Buffer; senderPrivateKey?: Buffer }): Buffer {
  if (opts.plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`push payload of ${opts.plaintext.length} bytes exceeds ${MAX_PLAINTEXT_BYTES}`);
  const receiverPublic = Buffer.from(opts.p256dh, 'base64url');
  const authSecret = Buffer.from(opts.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  if (opts.senderPrivateKey) ecdh.setPrivateKey(opts.senderPrivateKey);
  else ecdh.generateKeys();
  const senderPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(receiverPublic);
  const salt = opts.salt ?? randomBytes(16);

  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" ‖ 0 ‖ ua_public ‖ as_public, 32).
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  // RFC 8188 §2.2/2.3: content encryption key and nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02 marks the last (only) record.
  const body = Buffer.concat([cipher.update(Buffer.concat([opts.plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, body]);
}
