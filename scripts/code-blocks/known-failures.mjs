// The one list of code blocks that are known not to work yet, each with the reason. A block matches an
// entry when it is in `file` and its code contains `contains`; `check` is `strict`,
// `exactOptionalPropertyTypes` or `run`. A compile entry covers only the TypeScript error `codes` it
// names, a run entry only output matching `pattern`: any other failure still fails. An entry whose block
// passes fails the check, so the list is emptied as the causes are fixed.

export const knownFailures = [];
