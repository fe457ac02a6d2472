/** Orders version numbers by their numeric parts (`1.10` after `1.9`), then as text. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.-]/);
  const right = b.split(/[.-]/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    const nx = Number(x);
    const ny = Number(y);
    const order =
      x !== '' && y !== '' && Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
    if (order !== 0) return order;
  }
  return 0;
}
