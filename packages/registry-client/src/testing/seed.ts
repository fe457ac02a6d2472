// Seeding: accounts and boxes put straight into the state, for tests that need a populated registry.
import type { ObjectStore } from './object-store.js';
import type { FakeBoxSeed, FakeOrganizationSeed, FakeUserSeed } from './options.js';
import { type AccountRecord, type BoxRecord, type ProviderRecord, UNKNOWN_ARCHITECTURE } from './records.js';
import { newId, type RegistryState } from './state.js';

export function userAccount(seed: FakeUserSeed): AccountRecord {
  if (seed.twoFactor && seed.phone === undefined) {
    throw new Error(`user ${seed.username} has twoFactor but no phone to send codes to`);
  }
  return {
    username: seed.username,
    kind: 'user',
    password: seed.password,
    email: seed.email,
    phone: seed.phone,
    twoFactor: seed.twoFactor ?? false,
    members: new Set(),
    profileMarkdown: seed.profile ?? null,
    avatarUrl: seed.avatarUrl ?? null,
    delinquent: false,
  };
}

export function organizationAccount(seed: FakeOrganizationSeed): AccountRecord {
  return {
    username: seed.username,
    kind: 'organization',
    password: undefined,
    email: undefined,
    phone: undefined,
    twoFactor: false,
    members: new Set(seed.members.map((member) => member.toLowerCase())),
    profileMarkdown: seed.profile ?? null,
    avatarUrl: seed.avatarUrl ?? null,
    delinquent: false,
  };
}

export async function seedBox(state: RegistryState, store: ObjectStore, seed: FakeBoxSeed): Promise<void> {
  const [username = '', name = ''] = seed.tag.split('/');
  const owner = state.accounts.get(username.toLowerCase());
  if (owner === undefined) throw new Error(`seed box ${seed.tag}: no account ${username}`);
  if (state.findBox(owner.username, name)) throw new Error(`seed box ${seed.tag} exists already`);
  const now = state.timestamp();
  const box: BoxRecord = {
    username: owner.username,
    name,
    shortDescription: seed.short_description ?? null,
    descriptionMarkdown: seed.description ?? null,
    private: seed.private ?? true,
    downloads: seed.downloads ?? 0,
    versions: [],
    createdAt: now,
    updatedAt: now,
  };
  for (const version of seed.versions ?? []) {
    const providers: ProviderRecord[] = [];
    for (const provider of version.providers ?? []) {
      let assetKey: string | undefined;
      let assetSha256: string | undefined;
      if (provider.asset !== undefined) {
        assetKey = newId();
        assetSha256 = (await store.put(assetKey, provider.asset)).sha256;
      }
      providers.push({
        name: provider.name,
        url: provider.url ?? null,
        checksum: provider.checksum ?? null,
        checksumType: provider.checksum_type ?? null,
        architecture: provider.architecture ?? UNKNOWN_ARCHITECTURE,
        defaultArchitecture:
          provider.default_architecture ?? !providers.some((other) => other.name === provider.name),
        assetKey,
        assetSize: provider.asset?.byteLength ?? 0,
        assetSha256,
        createdAt: now,
        updatedAt: now,
      });
    }
    box.versions.push({
      version: version.version,
      descriptionMarkdown: version.description ?? null,
      status: version.status ?? 'unreleased',
      providers,
      createdAt: now,
      updatedAt: now,
    });
  }
  state.boxes.push(box);
}
