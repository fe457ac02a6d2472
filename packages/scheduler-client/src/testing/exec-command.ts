// The tiny command interpreter behind the fake's exec endpoint: `echo`, `cat` (standard input to
// standard output), `exit N`, `stty size`, `sh -c "..."` running those separated by `;`, and an
// interactive `sh` (no arguments, or `-i`) running each line of standard input until `exit N` or its end.

/** What a command can reach: its output streams, standard input and the terminal. */
export interface CommandIo {
  readonly tty: boolean;
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  /** Chunks of standard input until it is closed. */
  stdin(): AsyncIterable<Uint8Array>;
  /** The last size the client set, if any. */
  terminalSize(): { readonly height: number; readonly width: number } | undefined;
}

/** Splits a shell line into words, honouring single and double quotes. */
function words(line: string): string[] {
  const out: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of line.matchAll(pattern)) out.push(match[1] ?? match[2] ?? match[3] ?? '');
  return out;
}

class Exit {
  constructor(readonly code: number) {}
}

async function runOne(argv: readonly string[], io: CommandIo): Promise<number> {
  const [program = '', ...args] = argv;
  const name = program.split('/').at(-1) ?? program;
  switch (name) {
    case 'echo': {
      const toStderr = args.at(-1) === '>&2';
      const text = `${(toStderr ? args.slice(0, -1) : args).join(' ')}\n`;
      if (toStderr) io.stderr(text);
      else io.stdout(text);
      return 0;
    }
    case 'cat':
      for await (const chunk of io.stdin()) io.stdout(chunk);
      return 0;
    case 'exit': {
      const code = Number(args[0] ?? 0);
      throw new Exit(Number.isInteger(code) ? code & 0xff : 2);
    }
    case 'true':
      return 0;
    case 'false':
      return 1;
    case 'stty': {
      const size = io.terminalSize();
      if (!io.tty || args[0] !== 'size') {
        io.stderr('stty: standard input: Inappropriate ioctl for device\n');
        return 1;
      }
      io.stdout(`${size?.height ?? 24} ${size?.width ?? 80}\n`);
      return 0;
    }
    case 'sh':
    case 'bash': {
      if (args.length === 0 || (args.length === 1 && args[0] === '-i')) return interactive(io);
      if (args[0] !== '-c' || args[1] === undefined) {
        io.stderr(`${name}: only -c "command", -i or no arguments are supported here\n`);
        return 2;
      }
      return runLine(args[1], io, 0);
    }
    default:
      io.stderr(`exec: "${program}": executable file not found in $PATH\n`);
      return 127;
  }
}

/** Runs the `;`-separated commands of one line; the code of the last one, or `previous` for an empty line. */
async function runLine(line: string, io: CommandIo, previous: number): Promise<number> {
  let code = previous;
  for (const part of line.split(';')) {
    const argv = words(part);
    if (argv.length > 0) code = await runOne(argv, io);
  }
  return code;
}

/** A shell reading commands from standard input, with a `$ ` prompt on a terminal, as `/bin/sh` does. */
async function interactive(io: CommandIo): Promise<number> {
  const decoder = new TextDecoder();
  let pending = '';
  let code = 0;
  if (io.tty) io.stdout('$ ');
  for await (const chunk of io.stdin()) {
    // A terminal sends Enter as a carriage return; a pipe sends a newline.
    pending += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      code = await runLine(line, io, code);
      if (io.tty) io.stdout('$ ');
    }
  }
  return runLine(pending, io, code);
}

/** Runs a command and resolves with its exit code. */
export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  try {
    return await runOne(argv, io);
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
}
