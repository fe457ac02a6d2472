// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** Output of the command on one stream, in a server frame: base64 bytes, or the stream's end (`close`). */
export interface ExecOutput {
  [key: string]: unknown;
  /** Base64 bytes. */
  data?: string | undefined;
  close?: boolean | undefined;
}

/** A frame the server sends: output, the end of an output stream, the exit, or a heartbeat (`{}`). */
export interface ExecServerFrame {
  [key: string]: unknown;
  stdout?: ExecOutput | undefined;
  stderr?: ExecOutput | undefined;
  exited?: boolean | undefined;
  result?:
    | {
        [key: string]: unknown;
        exit_code?: number | undefined;
      }
    | undefined;
}

/** The request of an exec session: the command and the task it runs in. */
export interface ExecRequest {
  /** Program and arguments, e.g. `['/bin/sh', '-c', 'ls']`. */
  command: string[];
  /** Name of the task to run the command in. */
  task: string;
  /** Allocate a terminal. */
  tty?: boolean | undefined;
}

/** A terminal size in characters. */
export interface TerminalSize {
  height: number;
  width: number;
}

/** A frame the client sends: the handshake, standard input, a terminal size, or a heartbeat (`{}`). */
export type ExecClientFrame =
  | {
      version: 1;
      auth_token: string;
    }
  | {
      stdin: {
        data?: string | undefined;
        close?: boolean | undefined;
      };
    }
  | {
      tty_size: TerminalSize;
    }
  | Record<never, never>;
