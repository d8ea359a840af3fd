// Utilities: formatDate, sleep, getUuid, and computeDigest with its DigestAlgorithm and Charset enums. A digest comes back
// as Google gives it, a list of signed bytes (-128 to 127, Java's byte), made in the script's realm.
import { createHash, randomUUID } from 'node:crypto';
import { formatDate } from './format';
import type { Workbook } from './workbook';

export const DigestAlgorithm = {
  MD2: 'MD2',
  MD5: 'MD5',
  SHA_1: 'SHA_1',
  SHA_256: 'SHA_256',
  SHA_384: 'SHA_384',
  SHA_512: 'SHA_512',
} as const;

export const Charset = { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' } as const;

/** Node's names; MD2 is in Google's list but not in OpenSSL's, so asking for it is refused here. */
const NODE_DIGEST: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

export interface EmulatedUtilities {
  formatDate(date: Date, timeZone: string, format: string): string;
  sleep(ms: number): void;
  computeDigest(algorithm: string, value: string | readonly number[], charset?: string): number[];
  getUuid(): string;
  readonly DigestAlgorithm: typeof DigestAlgorithm;
  readonly Charset: typeof Charset;
}

export function utilities(wb: Workbook): EmulatedUtilities {
  const bytesOf = (value: string | readonly number[], charset: string | undefined): Buffer => {
    if (Array.isArray(value)) {
      return Buffer.from(
        value.map((b) => {
          if (!Number.isInteger(b) || b < -128 || b > 127) {
            throw wb.realm.error(
              'Cannot convert the value to a byte: each must be a whole number from -128 to 127.',
            );
          }
          return b & 0xff;
        }),
      );
    }
    const text = String(value);
    if (charset === Charset.UTF_8) return Buffer.from(text, 'utf8');
    // Google's documentation does not say how text without a charset is encoded: the stricter reading takes
    // only ASCII then, and names the fix for anything else.
    if (charset !== undefined && charset !== Charset.US_ASCII) {
      throw wb.realm.error(`Invalid argument: charset (${String(charset)})`);
    }
    if ([...text].some((ch) => (ch.codePointAt(0) ?? 0) > 0x7f)) {
      throw wb.realm.error('Text outside US-ASCII: pass Utilities.Charset.UTF_8 to computeDigest.');
    }
    return Buffer.from(text, 'ascii');
  };
  return {
    formatDate: (date, tz, format) => formatDate(date, tz, format),
    sleep: () => {},
    computeDigest(algorithm, value, charset) {
      wb.track('computeDigest', '', undefined, 'Utilities');
      const name = NODE_DIGEST[String(algorithm)];
      if (!name) throw wb.realm.error(`Invalid argument: algorithm (${String(algorithm)})`);
      const digest = createHash(name).update(bytesOf(value, charset)).digest();
      return wb.realm.clone([...digest].map((b) => (b > 127 ? b - 256 : b)));
    },
    /** A random (version 4) UUID, as Google's: 122 random bits. */
    getUuid() {
      wb.track('getUuid', '', undefined, 'Utilities');
      return randomUUID();
    },
    DigestAlgorithm,
    Charset,
  };
}
