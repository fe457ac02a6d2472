// credential_config of roles and static roles: options per credential_type, with the spec's allowed
// key types and sizes checked before sending.
import * as v from 'valibot';
import type { ReportRule } from '../request-fields.js';
import { KEY_TYPES } from './credential-types.js';

const RSA_KEY_BITS = [2048, 3072, 4096];
const EC_KEY_BITS = [224, 256, 384, 521];
const SIGNATURE_BITS = [256, 384, 512];
const KEY_OPTIONS = [
  'common_name_template',
  'ca_cert',
  'ca_private_key',
  'key_type',
  'key_bits',
  'signature_bits',
];

/** credential_config: a map of option to value (strings; key and signature sizes may be numbers). */
/* @__NO_SIDE_EFFECTS__ */
export function credentialConfigSchema() {
  return v.record(v.string(), v.union([v.string(), v.number()]));
}

function bits(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** Checks credential_config against credential_type (default `password`). */
export function checkCredentialConfig(
  input: {
    readonly credential_type?: string | undefined;
    readonly credential_config?: Readonly<Record<string, string | number>> | undefined;
  },
  report: ReportRule,
): void {
  const type = input.credential_type ?? 'password';
  const config = input.credential_config ?? {};
  const at = 'credential_config';
  if (type === 'password') {
    const misplaced = Object.keys(config).filter((key) => KEY_OPTIONS.includes(key));
    if (misplaced.length > 0) report(at, `${misplaced.join(', ')} do not apply to password credentials`);
    return;
  }
  const keyType = config.key_type;
  if (keyType === undefined && type === 'client_certificate') {
    report(at, 'key_type is required for client_certificate credentials (rsa, ed25519 or ec)');
  }
  if (keyType !== undefined && !(KEY_TYPES as readonly unknown[]).includes(keyType)) {
    report(at, `key_type must be rsa, ed25519 or ec, not ${JSON.stringify(keyType)}`);
  }
  if (type === 'rsa_private_key' && keyType !== undefined && keyType !== 'rsa') {
    report(at, 'rsa_private_key credentials use key_type rsa');
  }
  const keyBits = bits(config.key_bits);
  const allowed = keyType === 'ec' ? EC_KEY_BITS : keyType === 'ed25519' ? undefined : RSA_KEY_BITS;
  if (keyBits !== undefined && allowed !== undefined && !allowed.includes(keyBits)) {
    report(
      at,
      `key_bits must be one of ${allowed.join(', ')} for ${keyType ?? 'rsa'} keys, got ${config.key_bits}`,
    );
  }
  const signatureBits = bits(config.signature_bits);
  if (signatureBits !== undefined && !SIGNATURE_BITS.includes(signatureBits)) {
    report(at, `signature_bits must be 256, 384 or 512, got ${config.signature_bits}`);
  }
}
