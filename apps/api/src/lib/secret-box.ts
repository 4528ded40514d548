import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets the portal must read back at rest (AES-256-GCM, a random IV each time), with a
 * key derived from MFA_SECRET_KEY: the authenticator-app secrets of the second factor (decision
 * 054) and the webhooks' signing secrets (decision 062). Each sealed value is bound to its owner
 * (`context`, authenticated but not stored: `totp:<userId>`, `webhook:<idWebhook>`), so that a
 * value copied onto another row, or from one use to another, does not open. Layout:
 * `v1.` + base64url(IV | ciphertext | tag).
 */
export function createSecretBox(secretKey: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'ecare-mfa', 'totp-secret', 32));
  return {
    seal(plaintext: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    /** The plaintext, or null when the value was not sealed with this key and context (the key changed). */
    open(sealed: string, context: string): string | null {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
