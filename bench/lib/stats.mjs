/** The median of some numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** CPU time (user + system) of this process, in microseconds, since `since`. */
export function cpuSince(since) {
  const { user, system } = process.cpuUsage(since);
  return user + system;
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb() {
  return (process.resourceUsage().maxRSS * 1024) / 1e6;
}
