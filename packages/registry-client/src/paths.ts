// Paths of a box, its versions and their providers: each nests in the one before, every part encoded
// as one segment.
import { path, RequestValidationError } from '@infra-sdk/core';

/** `/box/<username>/<name>` from a tag `<username>/<name>`, each part encoded as one segment. */
export function boxPath(tag: string): string {
  const parts = typeof tag === 'string' ? tag.split('/') : [];
  const [username, name] = parts;
  if (parts.length !== 2 || !username || !name) {
    throw new RequestValidationError('box tag', [
      {
        path: 'tag',
        message: `must be "<username>/<name>", got ${typeof tag === 'string' ? JSON.stringify(tag) : typeof tag}`,
      },
    ]);
  }
  return path`/box/${username}/${name}`;
}

/** `/box/<username>/<name>/version/<version>`. */
export function versionPath(tag: string, version: string): string {
  return boxPath(tag) + path`/version/${version}`;
}

/** `/box/<username>/<name>/version/<version>/provider/<provider>`. */
export function providerPath(tag: string, version: string, provider: string): string {
  return versionPath(tag, version) + path`/provider/${provider}`;
}
