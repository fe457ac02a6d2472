// The fake writes Unix-nanosecond times with every digit, as a real cluster does, with its own small
// value type: the fake reads and writes the wire without the client's types.
const rawJson = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;

/** A Unix time in nanoseconds that serialises as a JSON number with every digit. */
export class WireNanos {
  /** Nanoseconds since the Unix epoch. */
  readonly nanoseconds: bigint;

  /** Wraps a count of nanoseconds since the Unix epoch. */
  constructor(nanoseconds: bigint) {
    this.nanoseconds = nanoseconds;
  }

  /** The digits, e.g. `"1700000000123456789"`. */
  toString(): string {
    return this.nanoseconds.toString();
  }

  /** The exact digits where the runtime can write them, the nearest number elsewhere. */
  toJSON(): unknown {
    return rawJson ? rawJson(this.nanoseconds.toString()) : Number(this.nanoseconds);
  }
}
