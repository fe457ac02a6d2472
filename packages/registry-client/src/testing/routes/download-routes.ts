// GET {download_url}: the hosted asset, or a redirect to the provider's url. Every download is counted.
import type { TestRequest, TestResponse } from '@infra-sdk/core/testing';
import { existingProvider, identify, visibleBox, visibleVersion } from '../access.js';
import type { FakeContext, Routes } from '../context.js';
import { fail } from '../reply.js';

export function addDownloadRoutes(routes: Routes, { state, store }: FakeContext): void {
  const serve = async (
    req: TestRequest,
    res: TestResponse,
    name: string,
    architecture: string | undefined,
  ) => {
    const caller = identify(state, req);
    const box = visibleBox(state, caller, req.params.username ?? '', req.params.name ?? '');
    const version = visibleVersion(state, caller, box, req.params.version ?? '');
    const provider = existingProvider(box, version, name, architecture);
    const stored = provider.assetKey === undefined ? undefined : await store.open(provider.assetKey);
    if (stored !== undefined) {
      box.downloads += 1;
      res.raw.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(stored.size),
      });
      if (stored.stream instanceof Uint8Array) res.raw.end(stored.stream);
      else stored.stream.pipe(res.raw);
      return;
    }
    if (provider.url !== null) {
      box.downloads += 1;
      res.empty(302, { location: provider.url });
      return;
    }
    fail(404, `provider ${provider.name} has no box yet: upload one or set its url`);
  };
  routes.route('GET', '/:username/boxes/:name/versions/:version/providers/:file', (req, res) => {
    const file = req.params.file ?? '';
    if (!file.endsWith('.box')) fail(404, 'not found');
    return serve(req, res, file.slice(0, -'.box'.length), undefined);
  });
  // One architecture of a provider, as its `download_url` names it.
  routes.route(
    'GET',
    '/:username/boxes/:name/versions/:version/providers/:provider/:architecture/vagrant.box',
    (req, res) => serve(req, res, req.params.provider ?? '', req.params.architecture ?? ''),
  );
}
