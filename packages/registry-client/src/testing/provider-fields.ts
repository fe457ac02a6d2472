import type { ProviderRecord } from './records.js';
import { fail } from './reply.js';
import { type Fields, optionalString } from './request-fields.js';

const CHECKSUM_LENGTHS: Readonly<Record<string, number>> = {
  md5: 32,
  sha1: 40,
  sha256: 64,
  sha384: 96,
  sha512: 128,
};

/** Applies `url`, `checksum` and `checksum_type` to a provider, refusing invalid values with 403. */
export function applyProviderFields(provider: ProviderRecord, fields: Fields): void {
  const url = optionalString(fields, 'url', 'provider.url');
  if (url !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      fail(403, 'provider.url must be an absolute http or https URL');
    }
  }
  const checksum = optionalString(fields, 'checksum', 'provider.checksum');
  const type = optionalString(fields, 'checksum_type', 'provider.checksum_type');
  if ((checksum === undefined) !== (type === undefined)) {
    fail(403, 'provider.checksum and provider.checksum_type must be given together');
  }
  if (type !== undefined && checksum !== undefined) {
    const length = Object.hasOwn(CHECKSUM_LENGTHS, type) ? CHECKSUM_LENGTHS[type] : undefined;
    if (length === undefined) fail(403, 'provider.checksum_type must be md5, sha1, sha256, sha384 or sha512');
    if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(checksum)) {
      fail(403, `provider.checksum must be ${length} hex digits for ${type}`);
    }
    provider.checksum = checksum.toLowerCase();
    provider.checksumType = type;
  }
  if (url !== undefined) provider.url = url;
}
