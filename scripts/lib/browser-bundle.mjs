// An import bundled as an application bundles it with esbuild (minified, ESM, browser platform), and its
// brotli size (quality 11): the figure of the bundle goals, for `npm test`'s size check and the bench.
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

/** Bundles `source` (resolved from `resolveDir`): the minified code, its brotli bytes and esbuild's metafile. */
export async function browserBundle(source, resolveDir) {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { code, brotli, metafile: result.metafile };
}
