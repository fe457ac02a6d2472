// `?help=1`: markdown help and a small OpenAPI document for the queried path and the paths below it,
// built from the route table that serves the path.
import { fail } from './answer.js';
import type { FakeRoute, Operation } from './routes.js';

const METHODS: Readonly<Record<Operation, readonly string[]>> = {
  read: ['get'],
  list: ['get'],
  write: ['post'],
  patch: ['patch'],
  delete: ['delete'],
};

/** Whether `pattern` lies at or below the queried segments; the rest of the pattern when it does. */
function below(pattern: string, segments: readonly string[]): string[] | undefined {
  const parts = pattern === '' ? [] : pattern.split('/');
  if (parts.length < segments.length) return undefined;
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if (part.startsWith('*')) return [];
    if (!part.startsWith(':') && part !== segment) return undefined;
  }
  return parts.slice(segments.length);
}

/** The help answer for `segments` (relative to the route table) at `fullPath`. */
export function helpAnswer(
  routes: readonly FakeRoute<unknown>[],
  segments: readonly string[],
  fullPath: string,
  description: string,
): { help: string; openapi: Record<string, unknown> } {
  const paths: Record<string, Record<string, unknown>> = {};
  const lines: string[] = [];
  for (const route of routes) {
    const rest = below(route.pattern, segments);
    if (rest === undefined) continue;
    const relative = `/${rest.map((part) => (/^[:*]/.test(part) ? `{${part.slice(1)}}` : part)).join('/')}`;
    const item = paths[relative] ?? {};
    for (const operation of route.operations) {
      for (const method of METHODS[operation]) {
        item[operation === 'list' ? 'get' : method] = {
          summary: route.summary,
          ...(operation === 'list'
            ? {
                parameters: [
                  { name: 'list', in: 'query', required: true, schema: { type: 'string', enum: ['true'] } },
                ],
              }
            : {}),
          responses: { '200': { description: 'OK' } },
        };
      }
    }
    paths[relative] = item;
    lines.push(`* \`${relative}\`: ${route.summary}`);
  }
  if (lines.length === 0) fail(404, `no handler for route ${JSON.stringify(fullPath)}`);
  return {
    help: `## ${fullPath}\n\n${description}\n\n### Paths\n\n${lines.join('\n')}\n`,
    openapi: {
      openapi: '3.0.2',
      info: { title: 'Fake secrets service', version: '1.0.0' },
      paths,
    },
  };
}
