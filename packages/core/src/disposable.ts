// `await using` support that compiles everywhere: where the consumer's lib declares
// `Symbol.asyncDispose` (esnext.disposable or @types/node) the member is typed; a browser project on
// lib es2022 + dom still compiles declarations that extend this.

/** An object with `[Symbol.asyncDispose]()` where the consumer's TypeScript lib knows that symbol. */
export type AsyncDisposableWhereAvailable = Record<
  SymbolConstructor extends { readonly asyncDispose: infer K extends symbol } ? K : never,
  () => Promise<void>
>;
