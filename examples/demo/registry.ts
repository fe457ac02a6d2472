// The registry scenario: sign in, publish a box (box, version, provider, a generated asset streamed up
// with a checksum, release), find it by search, download it and check every byte, then clean up.
import { createHash } from 'node:crypto';
import {
  createRegistryClient,
  fromEnv,
  type RegistryClient,
  UnauthorizedError,
} from '@infra-sdk/registry-client';
import { type FakeRegistry, startFakeRegistry } from '@infra-sdk/registry-client/testing';
import { GeneratedAsset } from './asset.ts';
import { assetBytes, env, fakeTarget, MissingSetting, nameFor, realTarget } from './environment.ts';
import { check, formatBytes, formatElapsed, type Section, short } from './output.ts';

const FAKE_LOGIN = { username: 'demo', password: 'demo-password' };
const PROVIDER = 'virtualbox';
const VERSION = '1.0.0';

/** How the demo signs in against a real registry: a password gives a fresh token, or a token is given. */
function realCredentials(): { login: string; password: string } | undefined {
  const login = env('REGISTRY_USERNAME');
  const password = env('REGISTRY_PASSWORD');
  if (login && password) return { login, password };
  if (env('REGISTRY_TOKEN')) return undefined;
  throw new MissingSetting(
    'set REGISTRY_USERNAME and REGISTRY_PASSWORD (the demo signs in with them), or REGISTRY_TOKEN',
  );
}

export async function runRegistry(section: Section): Promise<void> {
  const size = assetBytes();
  const real = realTarget('REGISTRY_ADDR');
  let fake: FakeRegistry | undefined;
  try {
    if (!real) {
      fake = await startFakeRegistry({
        users: [{ ...FAKE_LOGIN, email: 'demo@example.com' }],
        // Stored uploads go to a temporary folder instead of staying on the heap; any size is accepted.
        storage: 'temp-folder',
        maxBodyBytes: Math.max(64 * 1024 * 1024, size + 1024 * 1024),
      });
    }
    const target = real ?? fakeTarget('REGISTRY_ADDR', fake?.url ?? '');
    section.target(target, 'Box registry');
    const credentials = real
      ? realCredentials()
      : { login: FAKE_LOGIN.username, password: FAKE_LOGIN.password };
    const connect = (token?: string): RegistryClient => {
      if (real) return token === undefined ? fromEnv() : fromEnv({ token });
      return createRegistryClient(
        token === undefined ? { baseUrl: target.url } : { baseUrl: target.url, token },
      );
    };

    const signInTitle = credentials
      ? 'Sign in: trade a login and password for a token'
      : 'Sign in with the token of REGISTRY_TOKEN';
    const signedIn = await section.step(signInTitle, async (log) => {
      if (!credentials) {
        const registry = connect();
        await registry.tokens.validate();
        log.info('using REGISTRY_TOKEN; the registry accepts it');
        return { registry, created: false };
      }
      const token = await connect().tokens.create({
        login: credentials.login,
        password: credentials.password,
        description: 'infra-sdk demo',
      });
      log.info(
        `token created at ${token.created_at} for "${credentials.login}" (hash ${short(token.token_hash)}…)`,
      );
      const registry = connect(token.token);
      await registry.tokens.validate();
      log.info('GET /authenticate with the new token: valid');
      return { registry, created: true };
    });
    const registry = signedIn.registry;

    const tag = await section.step('Create a public box', async (log) => {
      const box = await registry.boxes.create({
        name: nameFor('ubuntu-demo', target),
        short_description: 'Ubuntu image built by the infra-sdk demo',
        description: 'A box published by `npm run demo`: **one version, one provider**.',
        is_private: false,
      });
      log.info(
        `box ${box.tag} owned by ${box.username}, private: ${box.private}, downloads: ${box.downloads}`,
      );
      check(box.private === false, 'the box should be public');
      return box.tag;
    });

    await section.step(`Create version ${VERSION} and a ${PROVIDER} provider`, async (log) => {
      const version = await registry.versions.create(tag, {
        version: VERSION,
        description: 'First release, published by the demo.',
      });
      log.info(`version ${version.version}: ${version.status} (a version starts unreleased)`);
      check(version.status === 'unreleased', `a new version should be unreleased, not ${version.status}`);
      const provider = await registry.providers.create(tag, VERSION, { name: PROVIDER });
      log.info(`provider ${provider.name}: hosted ${provider.hosted}, no asset yet`);
    });

    const asset = new GeneratedAsset(size);
    const uploaded = await section.step(
      `Upload a generated ${formatBytes(size)} asset, streamed with a SHA-256`,
      async (log) => {
        log.info('the bytes are generated as the upload reads them: one 256 KiB chunk in memory at a time');
        const bar = log.progress('upload  ', size);
        const result = await registry.uploads.upload(tag, VERSION, PROVIDER, asset.open, {
          size,
          checksum: 'sha256',
          onProgress: ({ loaded }) => bar.update(loaded),
        });
        const elapsed = bar.finish(result.bytes);
        log.info(
          `${formatBytes(result.bytes)} sent in ${formatElapsed(elapsed)}, ${result.attempts} attempt(s)`,
        );
        log.info(`sha256 computed by the client while streaming: ${result.checksum}`);
        log.info(`sha256 of the generated bytes, computed apart:  ${asset.sha256}`);
        check(result.bytes === size, `${result.bytes} bytes were sent instead of ${size}`);
        check(result.checksum !== undefined && result.checksum === asset.sha256, 'the two checksums differ');
        const provider = await registry.providers.read(tag, VERSION, PROVIDER);
        log.info(`provider now: hosted ${provider.hosted}, checksum_type ${provider.checksum_type}`);
        check(provider.checksum === result.checksum, 'the provider does not carry the uploaded checksum');
        return result.checksum;
      },
    );

    await section.step(`Release ${VERSION}`, async (log) => {
      const released = await registry.versions.release(tag, VERSION);
      log.info(`version ${released.version}: ${released.status}`);
      check(released.status === 'active', `a released version should be active, not ${released.status}`);
      const box = await registry.boxes.read(tag);
      log.info(`box ${box.tag}: current version ${box.current_version?.version ?? 'none'}`);
      check(box.current_version?.version === VERSION, 'the box does not show the release as current');
    });

    await section.step('Find the box by search', async (log) => {
      const name = tag.split('/')[1] ?? tag;
      const page = await registry.search.boxes({ q: name, provider: PROVIDER, sort: 'downloads', limit: 10 });
      log.info(`search q="${name}" provider=${PROVIDER}: ${page.boxes.length} result(s)`);
      for (const box of page.boxes) {
        log.info(`${box.tag}: current ${box.current_version?.version ?? '-'}, ${box.downloads} downloads`);
      }
      check(
        page.boxes.some((box) => box.tag === tag),
        `${tag} is not among the results`,
      );
    });

    await section.step('Download the asset and verify every byte', async (log) => {
      const download = await registry.uploads.download(tag, VERSION, PROVIDER);
      log.info(
        `download of ${formatBytes(download.size ?? 0)}; the client verifies ${download.checksum?.type ?? 'no'} checksum as it streams`,
      );
      const bar = log.progress('download', download.size ?? size);
      const digest = createHash('sha256');
      let bytes = 0;
      // The body errors at its end, instead of closing, when the client's own check fails.
      for await (const chunk of download.body) {
        digest.update(chunk);
        bytes += chunk.byteLength;
        bar.update(bytes);
      }
      const elapsed = bar.finish(bytes);
      const downloaded = digest.digest('hex');
      log.info(`${formatBytes(bytes)} received in ${formatElapsed(elapsed)}; sha256 ${downloaded}`);
      check(bytes === size, `${bytes} bytes came back instead of ${size}`);
      check(downloaded === uploaded, 'the downloaded bytes differ from the uploaded ones');
      log.info('matches the upload: the asset made the round trip intact');
    });

    await section.step('Clean up: delete the box and sign out', async (log) => {
      const deleted = await registry.boxes.delete(tag);
      log.info(`box ${deleted.tag} deleted with its versions and providers`);
      if (!signedIn.created) {
        log.info('the token came from REGISTRY_TOKEN: it stays valid');
        return;
      }
      await registry.tokens.delete();
      try {
        await registry.tokens.validate();
        check(false, 'the revoked token is still accepted');
      } catch (error) {
        if (!UnauthorizedError.isInstance(error)) throw error;
        log.info(`token revoked: the registry now answers ${error.status} to it`);
      }
    });
  } finally {
    await fake?.close();
  }
}
