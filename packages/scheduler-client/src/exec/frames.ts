// The JSON text frames of an exec session.
import * as v from 'valibot';

/** Output of the command on one stream, in a server frame: base64 bytes, or the stream's end (`close`). */
export const ExecOutputSchema = v.looseObject({
  /** Base64 bytes. */
  data: v.optional(v.string()),
  close: v.optional(v.boolean()),
});

/** A frame the server sends: output, the end of an output stream, the exit, or a heartbeat (`{}`). */
export const ExecServerFrameSchema = v.looseObject({
  stdout: v.optional(ExecOutputSchema),
  stderr: v.optional(ExecOutputSchema),
  exited: v.optional(v.boolean()),
  result: v.optional(v.looseObject({ exit_code: v.optional(v.number()) })),
});

/** The request of an exec session: the command and the task it runs in. */
export const ExecRequestSchema = v.strictObject({
  /** Program and arguments, e.g. `['/bin/sh', '-c', 'ls']`. */
  command: v.pipe(
    v.array(v.string()),
    v.minLength(1, 'command needs at least the program to run'),
    v.check((command) => command[0] !== '', 'the program (command[0]) must not be empty'),
  ),
  /** Name of the task to run the command in. */
  task: v.pipe(v.string(), v.minLength(1, 'task must name a task of the allocation')),
  /** Allocate a terminal. */
  tty: v.optional(v.boolean()),
});

/** A terminal size in characters. */
export const TerminalSizeSchema = v.strictObject({
  height: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  width: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});

/** A frame the client sends: the handshake, standard input, a terminal size, or a heartbeat (`{}`). */
export const ExecClientFrameSchema = v.union([
  v.strictObject({ version: v.literal(1), auth_token: v.string() }),
  v.strictObject({ stdin: v.strictObject({ data: v.optional(v.string()), close: v.optional(v.boolean()) }) }),
  v.strictObject({ tty_size: TerminalSizeSchema }),
  v.strictObject({}),
]);
