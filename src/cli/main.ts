// The `writing-rules` executable: the real process around runCli.
import { runCli } from './cli';
import { InputBytes } from './files';

// Standard input is read until its end, or until it is known to be refused
// (binary, or over the size bound): leaving the loop closes the stream.
async function readStdin(): Promise<Uint8Array> {
  const input = new InputBytes();
  for await (const chunk of process.stdin) if (!input.add(chunk as Buffer)) break;
  return input.bytes();
}

// A reader that closes early (`writing-rules check docs | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin,
  input: process.stdin,
});
