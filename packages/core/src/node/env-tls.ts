// The TLS variables of `fromEnv()` in Node: the files they name are read now, so a wrong path fails
// `fromEnv()` itself, naming the variable; the fetch they make is `createNodeFetch`'s (proxies from
// the environment included), loaded with undici at the first request.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EnvVariable, TlsEnv } from '../env-settings.js';
import { InfraSdkError } from '../errors.js';
import type { NodeFetch, NodeFetchOptions } from './node-fetch.js';

const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----/;

/** A fetch with the TLS settings the variables give. Throws InfraSdkError naming a variable it cannot honour. */
export function tlsEnvFetch(tls: TlsEnv): typeof fetch {
  const runtime = globalThis as { Bun?: unknown; Deno?: unknown };
  if (runtime.Bun !== undefined || runtime.Deno !== undefined) {
    throw new InfraSdkError(
      `${namesOf(tls)} cannot be honoured in ${runtime.Bun === undefined ? 'Deno' : 'Bun'}: unset them and pass a \`fetch\` configured for TLS`,
    );
  }
  const ca = [
    ...(tls.caCert ? [readPem(tls.caCert, tls.caCert.value)] : []),
    ...(tls.caPath ? readPemDirectory(tls.caPath) : []),
  ];
  const options: NodeFetchOptions = {
    ...(ca.length > 0 ? { ca } : {}),
    ...(tls.clientCert ? { cert: readPem(tls.clientCert, tls.clientCert.value) } : {}),
    ...(tls.clientKey ? { key: readPem(tls.clientKey, tls.clientKey.value) } : {}),
    ...(tls.serverName ? { servername: tls.serverName.value } : {}),
    ...(tls.skipVerify ? { rejectUnauthorized: false } : {}),
  };
  if (tls.skipVerify) {
    // biome-ignore lint/suspicious/noConsole: switching verification off must never pass unnoticed, whatever the logger.
    console.warn(
      `WARNING: ${tls.skipVerify.name} is set: TLS certificates are NOT verified, so anyone on the network path can read and change this client's traffic, tokens included. Unset it and give the server's CA (${tls.skipVerify.name.replace(/_SKIP_VERIFY$/, '_CACERT')}) instead.`,
    );
  }
  let loaded: Promise<NodeFetch> | undefined;
  return async (input, init) => {
    loaded ??= import('./node-fetch.js').then(({ createNodeFetch }) => createNodeFetch(options));
    return (await loaded)(input, init);
  };
}

function namesOf(tls: TlsEnv): string {
  const names = Object.values(tls).map((variable: EnvVariable) => variable.name);
  return `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} set, but`;
}

function readPem(variable: EnvVariable, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    const reason = (cause as { code?: unknown }).code ?? (cause as Error).message;
    throw new InfraSdkError(
      `${variable.name} names ${path}, which cannot be read (${String(reason)}); check the path and its permissions`,
      { cause },
    );
  }
  if (!PEM_BLOCK.test(text)) {
    throw new InfraSdkError(
      `${variable.name} names ${path}, which holds no PEM block (-----BEGIN ...-----); convert it to PEM first`,
    );
  }
  return text;
}

/** Every file of the directory that holds a PEM block, in name order; none is an error. */
function readPemDirectory(variable: EnvVariable): string[] {
  let names: string[];
  try {
    names = readdirSync(variable.value).sort();
  } catch (cause) {
    const reason = (cause as { code?: unknown }).code ?? (cause as Error).message;
    throw new InfraSdkError(
      `${variable.name} names ${variable.value}, which is not a readable directory (${String(reason)})`,
      { cause },
    );
  }
  const pems: string[] = [];
  for (const name of names) {
    const path = join(variable.value, name);
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
    const text = readFileSync(path, 'utf8');
    if (PEM_BLOCK.test(text)) pems.push(text);
  }
  if (pems.length === 0) {
    throw new InfraSdkError(
      `${variable.name} names ${variable.value}, which holds no PEM file of certificate authorities`,
    );
  }
  return pems;
}
