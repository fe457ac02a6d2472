// The TLS, limit and log variables of a client's `fromEnv()`, read under the client's prefix as the
// services' Go clients read theirs (`<PREFIX>_CACERT`, ..., `<PREFIX>_RATE_LIMIT`, `<PREFIX>_LOG_LEVEL`).
// The limits and the log level become client options here; the TLS variables become a fetch where the
// runtime allows it (`#env-proxy`).
import { InfraSdkError } from './errors.js';
import { LOG_LEVELS, type LogLevelSetting } from './log.js';
import type { RateLimit } from './rate-limit.js';

/** One set environment variable: its name (for messages) and its value. */
export interface EnvVariable {
  /** Name of the variable, e.g. `SECRETS_CACERT`. */
  readonly name: string;
  /** Its value, never empty. */
  readonly value: string;
}

/** The TLS variables that are set, under one prefix. */
export interface TlsEnv {
  /** `<PREFIX>_CACERT`: path of a PEM file with the certificate authorities to trust. */
  readonly caCert?: EnvVariable;
  /** `<PREFIX>_CAPATH`: a directory whose PEM files hold the certificate authorities to trust. */
  readonly caPath?: EnvVariable;
  /** `<PREFIX>_CLIENT_CERT`: path of the PEM client certificate (mutual TLS). */
  readonly clientCert?: EnvVariable;
  /** `<PREFIX>_CLIENT_KEY`: path of the PEM private key of the client certificate. */
  readonly clientKey?: EnvVariable;
  /** `<PREFIX>_TLS_SERVER_NAME`: the name the server certificate is checked against (SNI). */
  readonly serverName?: EnvVariable;
  /** `<PREFIX>_SKIP_VERIFY` set to `1` or `true`: no certificate verification (dangerous). */
  readonly skipVerify?: EnvVariable;
}

/** The limit and log options of a client, from `<PREFIX>_CLIENT_TIMEOUT`, `_MAX_RETRIES`, `_RATE_LIMIT` and `_LOG_LEVEL`. */
export interface LimitEnv {
  /** From `<PREFIX>_LOG_LEVEL`. */
  readonly logLevel?: LogLevelSetting;
  /** From `<PREFIX>_CLIENT_TIMEOUT`, in ms. */
  readonly timeout?: number;
  /** From `<PREFIX>_MAX_RETRIES`: retries after the first attempt. */
  readonly retry?: number;
  /** From `<PREFIX>_RATE_LIMIT`. */
  readonly rateLimit?: RateLimit;
}

const TLS_SUFFIXES = {
  caCert: '_CACERT',
  caPath: '_CAPATH',
  clientCert: '_CLIENT_CERT',
  clientKey: '_CLIENT_KEY',
  serverName: '_TLS_SERVER_NAME',
  skipVerify: '_SKIP_VERIFY',
} as const;

/** The TLS variables set under `prefix`, or undefined when none is. */
export function readTlsEnv(prefix: string, read: (name: string) => string | undefined): TlsEnv | undefined {
  const found: Record<string, EnvVariable> = {};
  for (const [key, suffix] of Object.entries(TLS_SUFFIXES)) {
    const name = `${prefix}${suffix}`;
    const value = read(name)?.trim();
    if (value) found[key] = { name, value };
  }
  const skip = found.skipVerify;
  if (skip) {
    const value = skip.value.toLowerCase();
    if (value === '0' || value === 'false') delete found.skipVerify;
    else if (value !== '1' && value !== 'true') {
      throw new InfraSdkError(
        `${skip.name} must be 1 or true (no certificate checks), or 0 or false, not "${skip.value}"; fix or unset it`,
      );
    }
  }
  const { clientCert, clientKey } = found;
  if ((clientCert === undefined) !== (clientKey === undefined)) {
    const [set, unset] = clientCert
      ? [clientCert.name, `${prefix}_CLIENT_KEY`]
      : [clientKey?.name, `${prefix}_CLIENT_CERT`];
    throw new InfraSdkError(
      `${set} is set but ${unset} is not: mutual TLS needs the client certificate and its private key; set both or neither`,
    );
  }
  return Object.keys(found).length === 0 ? undefined : (found as TlsEnv);
}

/** The limit and log options set under `prefix`; `skip` names the options the caller gave (those are not read). */
export function readLimitEnv(
  prefix: string,
  read: (name: string) => string | undefined,
  skip: {
    readonly timeout: boolean;
    readonly retry: boolean;
    readonly rateLimit: boolean;
    readonly logLevel?: boolean;
  },
): LimitEnv {
  const timeoutText = skip.timeout ? undefined : read(`${prefix}_CLIENT_TIMEOUT`)?.trim();
  const retryText = skip.retry ? undefined : read(`${prefix}_MAX_RETRIES`)?.trim();
  const rateText = skip.rateLimit ? undefined : read(`${prefix}_RATE_LIMIT`)?.trim();
  const levelText = skip.logLevel ? undefined : read(`${prefix}_LOG_LEVEL`)?.trim().toLowerCase();
  return {
    ...(levelText ? { logLevel: parseLogLevel(`${prefix}_LOG_LEVEL`, levelText) } : {}),
    ...(timeoutText ? { timeout: parseTimeout(`${prefix}_CLIENT_TIMEOUT`, timeoutText) } : {}),
    ...(retryText ? { retry: parseRetries(`${prefix}_MAX_RETRIES`, retryText) } : {}),
    ...(rateText ? { rateLimit: parseRate(`${prefix}_RATE_LIMIT`, rateText) } : {}),
  };
}

/** `debug`, `info`, `warn`, `error`, or `silent` / `off` for no lines at all. */
function parseLogLevel(name: string, text: string): LogLevelSetting {
  if (!(LOG_LEVELS as readonly string[]).includes(text)) {
    throw new InfraSdkError(
      `${name} must be ${LOG_LEVELS.slice(0, -1).join(', ')} or off (no log lines), not "${text}"; fix or unset it`,
    );
  }
  return text as LogLevelSetting;
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Seconds (`60`) or a Go duration (`90s`, `1m30s`, `500ms`), above 0, as ms. */
function parseTimeout(name: string, text: string): number {
  let ms = Number.NaN;
  if (/^\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else if (/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) {
    ms = 0;
    for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
      ms += Number(amount) * (UNIT_MS[unit as string] ?? Number.NaN);
    }
  }
  if (!(ms > 0) || !Number.isFinite(ms) || ms > 2_147_483_647) {
    throw new InfraSdkError(
      `${name} must be a time above 0 and below 24 days, in seconds (60) or with a unit (90s, 1m30s, 500ms), not "${text}"; fix or unset it`,
    );
  }
  return Math.round(ms);
}

function parseRetries(name: string, text: string): number {
  if (!/^\d{1,4}$/.test(text)) {
    throw new InfraSdkError(
      `${name} must be a whole number of retries, 0 or more, not "${text}"; fix or unset it`,
    );
  }
  return Number(text);
}

/** `rate` or `rate:burst`, as vault's `VAULT_RATE_LIMIT`: requests per second, and the burst. */
function parseRate(name: string, text: string): RateLimit {
  const match = /^(\d+(?:\.\d+)?)(?::(\d+))?$/.exec(text);
  const perSecond = Number(match?.[1]);
  const burst = match?.[2] === undefined ? undefined : Number(match[2]);
  if (!match || !(perSecond > 0) || (burst !== undefined && burst < 1)) {
    throw new InfraSdkError(
      `${name} must be requests per second above 0, optionally with a burst of 1 or more (20 or 20:5), not "${text}"; fix or unset it`,
    );
  }
  return burst === undefined ? { perSecond } : { perSecond, burst };
}
