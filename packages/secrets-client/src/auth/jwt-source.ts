// A JWT given as it is, or as a function asked at each login: a token that rotates (a projected
// service-account token, a CI job's identity token) is read again every time.

/** A JWT, or a function that returns the current one. */
export type JwtSource = string | (() => string | PromiseLike<string>);

/** The JWT `source` stands for now, without surrounding white space (a file's final newline). */
export async function jwtOf(source: JwtSource): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  return typeof value === 'string' ? value.trim() : value;
}
