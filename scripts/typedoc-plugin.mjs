// TypeDoc plugin: a field of a valibot schema is declared twice for TypeDoc (in the schema's object
// literal and in the type inferred from it), both with the same comment, so every such field draws a
// "multiple declarations with a comment" warning. The comments are identical; only that message is
// dropped, so every other warning still fails the strict run.
const DUPLICATE_COMMENT = /has multiple declarations with a comment\. An arbitrary comment will be used/;

/** Entry point TypeDoc calls when it loads the plugin. */
export function load(app) {
  const warn = app.logger.warn.bind(app.logger);
  app.logger.warn = (message, ...rest) => {
    if (DUPLICATE_COMMENT.test(String(message))) return;
    warn(message, ...rest);
  };
}
