/** Whether an Accept-Encoding value allows gzip (an explicit `gzip` entry wins over `*`). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}
