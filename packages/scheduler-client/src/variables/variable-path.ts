// Variable paths: up to 128 characters of letters, digits, `-`, `_`, `~` and `/`. The path is the
// route itself (`/v1/var/team/db`), so it is checked before sending: an empty segment or a leading or
// trailing `/` would reach another variable, and the reserved `nomad/` tree takes only the writes the
// scheduler allows there.
import { encodePathSegment, RequestValidationError } from '@infra-sdk/core';
import type { NamespaceOptions } from '../call-options.js';
import type { SchedulerCore } from '../core.js';

const VARIABLE_PATH = /^[a-zA-Z0-9\-_~/]{1,128}$/;

function refuse(path: unknown, why: string): never {
  throw new RequestValidationError('variable path', [
    { path: 'path', message: `${JSON.stringify(path)} is not a variable path: ${why}` },
  ]);
}

/**
 * Checks a variable path and returns it as the route's tail (`team/db`). A `write` also keeps out of
 * the reserved `nomad/` tree, where only `nomad/jobs` and below (and `nomad/job-templates/<name>`) hold
 * variables.
 */
export function variablePath(path: string, write = false): string {
  if (typeof path !== 'string' || !VARIABLE_PATH.test(path)) {
    refuse(path, 'use 1 to 128 letters, digits, "-", "_", "~" and "/"');
  }
  if (path.split('/').includes(''))
    refuse(path, 'no segment may be empty (no leading, trailing or double "/")');
  const segments = path.split('/');
  const allowed =
    segments[0] !== 'nomad' ||
    segments[1] === 'jobs' ||
    (segments[1] === 'job-templates' && segments.length === 3);
  if (write && !allowed) {
    refuse(
      path,
      '"nomad/" is reserved: only "nomad/jobs" and below, and "nomad/job-templates/<name>", hold variables',
    );
  }
  return path;
}

/** The route of a variable: `/var/<path>`, each segment encoded (a no-op for the characters allowed). */
export function variableRoute(path: string, write = false): string {
  const checked = variablePath(path, write);
  return `/var/${checked
    .split('/')
    .map((segment) => encodePathSegment(segment, 'variable path'))
    .join('/')}`;
}

/** The namespace a variable's body names: the call's or the client's, when either names one. */
export function bodyNamespace(
  core: SchedulerCore,
  options: NamespaceOptions | undefined,
): { Namespace?: string } {
  const namespace = options?.namespace ?? core.namespace;
  return namespace === undefined ? {} : { Namespace: namespace };
}
