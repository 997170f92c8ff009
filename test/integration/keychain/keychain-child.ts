/**
 * Run as a separate process by keychain.test.ts: proves that what one process put in the OS
 * keychain is there for the next one. Usage: keychain-child.ts get|delete ACCOUNT
 */
import { KeytarSecretStore } from '../../../src/core/auth/keytar-secret-store';

const [action, account] = process.argv.slice(2);
if (!account || (action !== 'get' && action !== 'delete')) {
  process.stderr.write('usage: keychain-child.ts get|delete ACCOUNT\n');
  process.exit(2);
}
try {
  const store = await KeytarSecretStore.open();
  const result = action === 'get' ? await store.get(account) : await store.delete(account);
  process.stdout.write(JSON.stringify({ result }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
