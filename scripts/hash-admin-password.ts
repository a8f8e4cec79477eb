// `npm run admin:hash-password`: reads a password from standard input (so it stays out of the
// shell history) and prints the scrypt hash to put in ADMIN_PASSWORD_HASH.
import { hashPassword } from '../src/server/admin/auth/password';

const chunks: Buffer[] = [];
if (process.stdin.isTTY) process.stderr.write('Admin password (then Enter, Ctrl-D): ');
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const password = Buffer.concat(chunks)
  .toString('utf8')
  .replace(/\r?\n$/, '');
if (password.length < 12) {
  process.stderr.write('The password must be at least 12 characters.\n');
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
