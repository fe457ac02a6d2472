/** The most bytes of keys and values a variable's `Items` may hold together. */
export const MAX_VARIABLE_ITEMS_BYTES = 65_536;
