// Replaced at build time (tsup) and test time (vitest) with the version in package.json.
declare const PACKAGE_VERSION: string;

/** This package's version, sent in the user agent. */
export const packageVersion: string = PACKAGE_VERSION;
