// A key-value secret's path holds "/" between its folders (`app/db/primary`): each part is one segment,
// checked and encoded like any name, so no part can be a dot segment or smuggle in "/" or "%".
import { RequestValidationError } from '@infra-sdk/core';
import type { EngineRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { mountOf } from '../mount.js';
import { nameSegment } from '../name-path.js';

function refuse(message: string): never {
  throw new RequestValidationError('path parameter', [{ path: 'path', message }]);
}

/** The encoded path of a secret (`app/db`): folders and name, no empty part, no leading or trailing "/". */
export function secretPath(path: unknown): string {
  if (typeof path !== 'string' || path === '') refuse('must be a secret path such as "app/db"');
  if (path.split('/').includes('')) {
    refuse(
      `${JSON.stringify(path)} has an empty part: a secret path is names joined by single "/" (no "/" at either end)`,
    );
  }
  return path
    .split('/')
    .map((part) => nameSegment(part, 'path'))
    .join('/');
}

/** The encoded path of a folder to list, with its trailing "/" (`app/`); `''` for the top of the mount. */
export function folderPath(folder: unknown): string {
  if (folder === undefined || folder === '' || folder === '/') return '';
  if (typeof folder !== 'string') refuse('must be a folder path such as "app/"');
  return `${secretPath(folder.endsWith('/') ? folder.slice(0, -1) : folder)}/`;
}

/** `/{kv_mount}/{kind}/{path}`: a secret's route under one of the engine's paths, mount and path checked. */
export function secretRoute(
  core: SecretsCore,
  options: EngineRequestOptions | undefined,
  kind: 'data' | 'metadata' | 'delete' | 'undelete' | 'destroy' | 'subkeys',
  path: string,
): string {
  return `/${mountOf(core.kvMount, options)}/${kind}/${secretPath(path)}`;
}
