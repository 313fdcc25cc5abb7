import { createInterface } from 'node:readline';

/**
 * The password for `user create` and `user set-password`: typed at a prompt (not echoed) on a terminal, else
 * the first line of standard input. Never a command-line argument, which would land in shell history and `ps`.
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput(text: string): void };
  process.stdout.write(prompt);
  output._writeToOutput = () => {};
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}
