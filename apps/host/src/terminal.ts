import { createInterface, type Interface } from 'node:readline';
import { printable, type Output } from './io';

// Questions at the terminal (plan approval, ask_user, confirmations, dialogs). Lines are
// read from stdin as they come, so answers can be typed or piped; at the end of input
// every question gets null and the caller decides what that means. A question carries page
// text (a dialog's message, a control's name in a confirmation): it is shown redacted and
// printable, so a page cannot rewrite what the person is asked.

export class Terminal {
  private reader: Interface | null = null;
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;

  /** Piped answers are not echoed by a terminal; echo them so the transcript reads right. */
  private readonly echo: boolean;

  constructor(
    private readonly input: NodeJS.ReadableStream & { isTTY?: boolean },
    private readonly out: Output,
    /** Makes a prompt safe to show: redacts secrets and removes what a terminal would act on. */
    private readonly clean: (text: string) => string = printable,
  ) {
    this.echo = !input.isTTY;
  }

  private start(): void {
    if (this.reader || this.ended) return;
    this.reader = createInterface({ input: this.input, terminal: false });
    this.reader.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.reader.on('close', () => {
      this.ended = true;
      for (const waiter of this.waiting.splice(0)) waiter(null);
    });
  }

  /** Shows the prompt and waits for a line; null when input has ended. */
  async ask(prompt: string): Promise<string | null> {
    this.out.write(this.clean(prompt));
    this.start();
    const ready = this.lines.shift();
    const answer = ready ?? (this.ended ? null : await new Promise<string | null>((resolve) => this.waiting.push(resolve)));
    if (this.echo) this.out.write(`${this.clean(answer ?? '(no answer: input ended)')}\n`);
    return answer;
  }

  async yesNo(prompt: string, defaultYes: boolean): Promise<boolean | null> {
    for (;;) {
      const answer = await this.ask(`${prompt} ${defaultYes ? '[Y/n]' : '[y/N]'} `);
      if (answer === null) return null;
      const word = answer.trim().toLowerCase();
      if (!word) return defaultYes;
      if (['y', 'yes'].includes(word)) return true;
      if (['n', 'no'].includes(word)) return false;
      this.out.write('Please answer y or n.\n');
    }
  }

  close(): void {
    this.reader?.close();
    this.reader = null;
  }
}
