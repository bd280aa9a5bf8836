/** Reading a password on the terminal without echoing it. */

/** Thrown when the person at the terminal gives up (Ctrl-C, Ctrl-D). */
export class PromptInterrupted extends Error {
  constructor() {
    super('Interrupted.');
  }
}

/** Asks `question` on a TTY and reads one line without echo; backspace edits. */
export function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(value));
        if (char === '\u0003' || char === '\u0004') return finish(() => reject(new PromptInterrupted()));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.setEncoding('utf8');
    stdin.setRawMode(true); // no echo from here on: only then ask
    stdin.resume();
    process.stdout.write(question);
    stdin.on('data', onData);
  });
}
