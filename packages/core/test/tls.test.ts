// TLS of the ./node transport over real sockets: a node:https server on 127.0.0.1 that demands a client
// certificate, and a throwaway PKI generated for each run.
import 'reflect-metadata';
import { KeyObject } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { inspect } from 'node:util';
import * as x509 from '@peculiar/x509';
import ky from 'ky';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  createTransport,
  type EnvNames,
  InfraSdkError,
  optionsFromEnv,
} from '../src/index.js';
import { tlsEnvFetch as browserTlsEnvFetch } from '../src/node/env-proxy-none.js';
import { createNodeFetch, type NodeFetch, type NodeFetchOptions, readTlsFiles } from '../src/node/index.js';

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

interface Authority {
  readonly pem: string;
  readonly der: Uint8Array;
  readonly certificate: x509.X509Certificate;
  readonly keys: CryptoKeyPair;
}

interface Identity {
  readonly cert: string;
  readonly key: string;
  readonly privateKey: CryptoKey;
}

interface Pki {
  readonly ca: Authority;
  /** A CA that signed nothing used here: trusting it alone must not be enough. */
  readonly strangerCa: Authority;
  /** SAN: DNS secrets.test and IP 127.0.0.1. */
  readonly server: Identity;
  /** SAN: DNS secrets.test only, so connecting to 127.0.0.1 verifies only under that servername. */
  readonly serverNameOnly: Identity;
  /** SAN: DNS other.test only. */
  readonly serverOtherName: Identity;
  readonly client: Identity;
}

async function createAuthority(name: string): Promise<Authority> {
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}`,
    keys,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { pem: certificate.toString('pem'), der: new Uint8Array(certificate.rawData), certificate, keys };
}

async function issue(
  ca: Authority,
  commonName: string,
  usage: x509.ExtendedKeyUsage,
  names: x509.JsonGeneralNames = [],
): Promise<Identity> {
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.create({
    subject: `CN=${commonName}`,
    issuer: ca.certificate.subject,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.ExtendedKeyUsageExtension([usage]),
      ...(names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : []),
    ],
  });
  return { cert: certificate.toString('pem'), key: pemKey(keys.privateKey), privateKey: keys.privateKey };
}

function pemKey(key: CryptoKey, passphrase?: string): string {
  const options = passphrase === undefined ? {} : { cipher: 'aes-256-cbc', passphrase };
  return KeyObject.from(key)
    .export({ type: 'pkcs8', format: 'pem', ...options })
    .toString();
}

let pki: Pki;

beforeAll(async () => {
  x509.cryptoProvider.set(crypto);
  const ca = await createAuthority('infra-sdk test CA');
  const serverAuth = x509.ExtendedKeyUsage.serverAuth;
  pki = {
    ca,
    strangerCa: await createAuthority('unrelated CA'),
    server: await issue(ca, 'secrets.test', serverAuth, [
      { type: 'dns', value: 'secrets.test' },
      { type: 'ip', value: '127.0.0.1' },
    ]),
    serverNameOnly: await issue(ca, 'secrets.test', serverAuth, [{ type: 'dns', value: 'secrets.test' }]),
    serverOtherName: await issue(ca, 'other.test', serverAuth, [{ type: 'dns', value: 'other.test' }]),
    client: await issue(ca, 'client-one', x509.ExtendedKeyUsage.clientAuth),
  };
});

/** What the server observed about one request. */
interface Seen {
  readonly clientCn: unknown;
  readonly servername: unknown;
  readonly method: string | undefined;
  readonly body: string;
}

const servers: Server[] = [];
const fetches: NodeFetch[] = [];

afterEach(async () => {
  await Promise.all(fetches.splice(0).map((f) => f.close()));
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** Starts a server that demands a client certificate from the test CA; returns its URL and log. */
async function startServer(
  identity: Identity = pki.server,
): Promise<{ url: string; seen: Seen[]; handshakeErrors: string[] }> {
  const seen: Seen[] = [];
  const handshakeErrors: string[] = [];
  const server = createServer(
    { cert: identity.cert, key: identity.key, ca: pki.ca.pem, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const socket = request.socket as TLSSocket;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry: Seen = {
          clientCn: socket.getPeerCertificate().subject?.CN,
          servername: socket.servername,
          method: request.method,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        seen.push(entry);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(entry));
      });
    },
  );
  server.on('tlsClientError', (error: Error & { code?: string }) =>
    handshakeErrors.push(error.code ?? error.message),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}/v1/sys/health`, seen, handshakeErrors };
}

function tracked(options: NodeFetchOptions): NodeFetch {
  const tlsFetch = createNodeFetch({ proxy: false, ...options });
  fetches.push(tlsFetch);
  return tlsFetch;
}

const mutual = (): NodeFetchOptions => ({ ca: pki.ca.pem, cert: pki.client.cert, key: pki.client.key });

/** The `code`s along the cause chain of a failed request (fetch wraps socket errors in `cause`). */
async function failureCodes(request: Promise<unknown>): Promise<string[]> {
  let error: unknown;
  try {
    await request;
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(Error);
  const codes: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

describe('createNodeFetch: TLS', () => {
  it('completes mutual TLS with the custom CA and the client certificate', async () => {
    const { url, seen } = await startServer();
    const response = await tracked(mutual())(url);
    expect(response.status).toBe(200);
    expect(response).toBeInstanceOf(Response);
    expect(await response.json()).toMatchObject({ clientCn: 'client-one' });
    expect(seen.map((s) => s.clientCn)).toEqual(['client-one']);
  });

  it('is refused by a server that demands a client certificate when none is configured', async () => {
    const { url, seen, handshakeErrors } = await startServer();
    await expect(tracked({ ca: pki.ca.pem })(url)).rejects.toThrow('fetch failed');
    expect(handshakeErrors).toEqual(['ERR_SSL_PEER_DID_NOT_RETURN_A_CERTIFICATE']);
    expect(seen).toEqual([]);
  });

  it('does not trust the test CA with the default trust store', async () => {
    const { url, seen } = await startServer();
    const codes = await failureCodes(tracked({ cert: pki.client.cert, key: pki.client.key })(url));
    expect(codes).toContain('SELF_SIGNED_CERT_IN_CHAIN');
    expect(seen).toEqual([]);
  });

  it('does not trust a server signed by a CA outside the given list', async () => {
    const { url } = await startServer();
    const codes = await failureCodes(tracked({ ...mutual(), ca: pki.strangerCa.pem })(url));
    expect(codes).toContain('SELF_SIGNED_CERT_IN_CHAIN');
  });

  it('accepts the CA as bytes and as a list next to other CAs', async () => {
    const { url } = await startServer();
    const bytes = new TextEncoder().encode(pki.ca.pem);
    const fromBytes = await tracked({ ...mutual(), ca: bytes })(url);
    expect(fromBytes.status).toBe(200);
    const fromList = await tracked({ ...mutual(), ca: [pki.strangerCa.pem, bytes] })(url);
    expect(fromList.status).toBe(200);
  });

  it('verifies against `servername` while connecting to 127.0.0.1, and sends it as SNI', async () => {
    const { url, seen } = await startServer(pki.serverNameOnly);
    const withoutName = await failureCodes(tracked(mutual())(url));
    expect(withoutName).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    const response = await tracked({ ...mutual(), servername: 'secrets.test' })(url);
    expect(response.status).toBe(200);
    expect(seen).toMatchObject([{ clientCn: 'client-one', servername: 'secrets.test' }]);
  });

  it('rejects a server certificate issued for another name', async () => {
    const { url, seen } = await startServer(pki.serverOtherName);
    const withName = await failureCodes(tracked({ ...mutual(), servername: 'secrets.test' })(url));
    expect(withName).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    const withoutName = await failureCodes(tracked(mutual())(url));
    expect(withoutName).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(seen).toEqual([]);
  });

  it('unlocks an encrypted client key with its passphrase, and fails with a wrong one', async () => {
    const { url, seen } = await startServer();
    const encrypted = pemKey(pki.client.privateKey, 'correct horse');
    expect(encrypted).toContain('ENCRYPTED PRIVATE KEY');
    const options = { ca: pki.ca.pem, cert: pki.client.cert, key: encrypted };
    const response = await tracked({ ...options, passphrase: 'correct horse' })(url);
    expect(response.status).toBe(200);
    await expect(tracked({ ...options, passphrase: 'wrong' })(url)).rejects.toThrow('fetch failed');
    expect(seen).toHaveLength(1);
  });

  it('skips verification only when rejectUnauthorized is false', async () => {
    const { url } = await startServer();
    const response = await tracked({ cert: pki.client.cert, key: pki.client.key, rejectUnauthorized: false })(
      url,
    );
    expect(response.status).toBe(200);
  });

  it('works as the fetch of ky, for reads and for writes with a body', async () => {
    const { url, seen } = await startServer();
    const tlsFetch = tracked(mutual());
    expect(await ky.get(url, { fetch: tlsFetch, retry: 0 }).json()).toMatchObject({ clientCn: 'client-one' });
    const posted = await ky.post(url, { fetch: tlsFetch, retry: 0, json: { rotate: true } }).json();
    expect(posted).toMatchObject({ method: 'POST', body: '{"rotate":true}', clientCn: 'client-one' });
    expect(seen).toHaveLength(2);
  });

  it('refuses a certificate without its key, a key without its certificate, and a lone passphrase', () => {
    expect(() => createNodeFetch({ cert: pki.client.cert })).toThrow(TypeError);
    expect(() => createNodeFetch({ key: pki.client.key })).toThrow(/`cert` and `key` together/);
    expect(() => createNodeFetch({ passphrase: 'secret' })).toThrow(/no `key`/);
  });

  it('fails requests after close; close and asyncDispose may both be called', async () => {
    const { url } = await startServer();
    const tlsFetch = tracked(mutual());
    expect((await tlsFetch(url)).status).toBe(200);
    await tlsFetch.close();
    await tlsFetch[Symbol.asyncDispose]();
    const codes = await failureCodes(tlsFetch(url));
    // undici reports a closed pool as closed or, once its sockets are gone, as destroyed.
    expect(codes.join(' ')).toMatch(/UND_ERR_(CLOSED|DESTROYED)/);
  });

  it('keeps the private key out of util.inspect', () => {
    const tlsFetch = tracked({ ...mutual(), passphrase: 'hunter2' });
    const shown = inspect(tlsFetch, { showHidden: true, depth: 10 });
    expect(shown).toContain('close');
    expect(shown).not.toContain('PRIVATE KEY');
    expect(shown).not.toContain('hunter2');
  });
});

describe('readTlsFiles', () => {
  let dir: string | undefined;

  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function tempDir(): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'infra-sdk-tls-'));
    return dir;
  }

  it('reads PEM files that complete mutual TLS', async () => {
    const folder = await tempDir();
    const paths = {
      ca: join(folder, 'ca.pem'),
      cert: join(folder, 'client.crt'),
      key: join(folder, 'client.key'),
    };
    await writeFile(paths.ca, pki.ca.pem);
    await writeFile(paths.cert, pki.client.cert);
    await writeFile(paths.key, pki.client.key, { mode: 0o600 });
    const files = await readTlsFiles(paths);
    expect(files).toEqual({ ca: pki.ca.pem, cert: pki.client.cert, key: pki.client.key });
    const { url, seen } = await startServer();
    const response = await tracked({ ...files, servername: 'secrets.test' })(url);
    expect(response.status).toBe(200);
    expect(seen).toMatchObject([{ clientCn: 'client-one', servername: 'secrets.test' }]);
  });

  it('returns only the files it was given', async () => {
    const folder = await tempDir();
    await writeFile(join(folder, 'ca.pem'), pki.ca.pem);
    expect(await readTlsFiles({ ca: join(folder, 'ca.pem') })).toEqual({ ca: pki.ca.pem });
  });

  it('names the file it cannot read', async () => {
    const folder = await tempDir();
    await writeFile(join(folder, 'ca.pem'), pki.ca.pem);
    const missing = join(folder, 'missing.crt');
    const read = readTlsFiles({ ca: join(folder, 'ca.pem'), cert: missing });
    await expect(read).rejects.toMatchObject({ name: 'InfraSdkError' });
    await expect(read).rejects.toThrow(`Cannot read the TLS certificate file ${missing} (ENOENT)`);
  });

  it('rejects a file that holds no PEM block, such as DER', async () => {
    const folder = await tempDir();
    const der = join(folder, 'ca.der');
    await writeFile(der, pki.ca.der);
    await expect(readTlsFiles({ ca: der })).rejects.toThrow(`The TLS CA file ${der} holds no PEM block`);
  });
});

describe('fromEnv: the TLS variables under the client prefix', () => {
  const names: EnvNames = {
    address: 'INFRA_SDK_TLSENV_ADDR',
    token: 'INFRA_SDK_TLSENV_TOKEN',
    service: 'test service',
    example: 'https://127.0.0.1:8200',
  };
  const P = 'INFRA_SDK_TLSENV';
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'infra-sdk-tls-env-'));
    await writeFile(join(folder, 'ca.pem'), pki.ca.pem);
    await writeFile(join(folder, 'client.pem'), pki.client.cert);
    await writeFile(join(folder, 'client-key.pem'), pki.client.key);
    await writeFile(join(folder, 'ca.der'), pki.ca.der);
    const caDir = join(folder, 'cas');
    await mkdir(caDir);
    await writeFile(join(caDir, 'stranger.pem'), pki.strangerCa.pem);
    await writeFile(join(caDir, 'test-ca.crt'), pki.ca.pem);
    await writeFile(join(caDir, 'README'), 'not a certificate');
    await mkdir(join(folder, 'empty'));
    return () => rm(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith(P)) delete process.env[name];
    vi.restoreAllMocks();
  });

  function setEnv(variables: Record<string, string>): void {
    for (const [suffix, value] of Object.entries(variables)) process.env[`${P}${suffix}`] = value;
  }

  async function get(url: string): Promise<Seen> {
    process.env[names.address] = new URL(url).origin;
    const options = optionsFromEnv(names, {});
    return (await createTransport({ ...options, retry: false }).request({
      method: 'GET',
      path: '/v1/sys/health',
    })) as Seen;
  }

  it('completes mutual TLS from _CACERT, _CLIENT_CERT and _CLIENT_KEY', async () => {
    const { url, seen } = await startServer();
    setEnv({
      _CACERT: join(folder, 'ca.pem'),
      _CLIENT_CERT: join(folder, 'client.pem'),
      _CLIENT_KEY: join(folder, 'client-key.pem'),
    });
    await expect(get(url)).resolves.toMatchObject({ clientCn: 'client-one' });
    expect(seen).toHaveLength(1);
  });

  it('trusts every PEM file of the _CAPATH directory, and checks the name of _TLS_SERVER_NAME', async () => {
    const { url, seen } = await startServer(pki.serverNameOnly);
    setEnv({
      _CAPATH: join(folder, 'cas'),
      _CLIENT_CERT: join(folder, 'client.pem'),
      _CLIENT_KEY: join(folder, 'client-key.pem'),
      _TLS_SERVER_NAME: 'secrets.test',
    });
    await expect(get(url)).resolves.toMatchObject({ clientCn: 'client-one', servername: 'secrets.test' });
    // Without the name, the certificate (for secrets.test only) does not match 127.0.0.1.
    delete process.env[`${P}_TLS_SERVER_NAME`];
    const error = await get(url).catch((caught) => caught);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('without the CA variables, the server certificate is not trusted', async () => {
    const { url, seen } = await startServer();
    setEnv({ _CLIENT_CERT: join(folder, 'client.pem'), _CLIENT_KEY: join(folder, 'client-key.pem') });
    const error = await get(url).catch((caught) => caught);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect(seen).toHaveLength(0);
  });

  it('_SKIP_VERIFY turns verification off, and says so loudly', async () => {
    const { url } = await startServer(pki.serverOtherName);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setEnv({
      _SKIP_VERIFY: 'true',
      _CLIENT_CERT: join(folder, 'client.pem'),
      _CLIENT_KEY: join(folder, 'client-key.pem'),
    });
    await expect(get(url)).resolves.toMatchObject({ clientCn: 'client-one' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/WARNING: INFRA_SDK_TLSENV_SKIP_VERIFY .*NOT verified/);
    // 0 or false: verification stays on, nothing to warn of.
    setEnv({ _SKIP_VERIFY: '0' });
    expect(ConnectionError.isInstance(await get(url).catch((caught) => caught))).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses, naming the variable, what it cannot honour', () => {
    process.env[names.address] = 'https://127.0.0.1:1';
    const refusal = (variables: Record<string, string>): string => {
      for (const name of Object.keys(process.env))
        if (name.startsWith(`${P}_`) && name !== names.address) delete process.env[name];
      setEnv(variables);
      try {
        optionsFromEnv(names, {});
      } catch (error) {
        expect(InfraSdkError.isInstance(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ _CLIENT_CERT: join(folder, 'client.pem') })).toMatch(
      /INFRA_SDK_TLSENV_CLIENT_CERT is set but INFRA_SDK_TLSENV_CLIENT_KEY is not/,
    );
    expect(refusal({ _CACERT: join(folder, 'missing.pem') })).toMatch(
      /INFRA_SDK_TLSENV_CACERT names .*missing\.pem, which cannot be read \(ENOENT\)/,
    );
    expect(refusal({ _CACERT: join(folder, 'ca.der') })).toMatch(
      /INFRA_SDK_TLSENV_CACERT .* holds no PEM block/,
    );
    expect(refusal({ _CAPATH: join(folder, 'empty') })).toMatch(
      /INFRA_SDK_TLSENV_CAPATH .* holds no PEM file/,
    );
    expect(refusal({ _SKIP_VERIFY: 'maybe' })).toMatch(/INFRA_SDK_TLSENV_SKIP_VERIFY must be 1 or true/);
    // A caller's own fetch takes the place of the TLS variables: they are not read at all.
    setEnv({ _CACERT: join(folder, 'missing.pem') });
    expect(() => optionsFromEnv(names, { fetch: globalThis.fetch })).not.toThrow();
  });

  it('outside Node, a TLS variable cannot be honoured and says so', () => {
    expect(() => browserTlsEnvFetch({ caCert: { name: 'MESH_CACERT', value: '/etc/ca.pem' } })).toThrow(
      /MESH_CACERT cannot be honoured in this runtime/,
    );
  });
});
