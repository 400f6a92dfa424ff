// npm run keys -- create --user <user-id> [--name <label>] | list --user <user-id> | revoke <key-id>
// `create` prints the key as the LAST line of stdout; it is shown once and stored only as a hash.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../store/db.ts';
import { migrate } from '../store/migrate.ts';
import type { ApiKeyRecord } from '../store/keys.ts';
import { runKeyCommand, sendAdminCommand, type KeyCommand } from './admin-socket.ts';

const USAGE = `usage:
  npm run keys -- create --user <user-id> [--name <label>]
  npm run keys -- list --user <user-id>
  npm run keys -- revoke <key-id>`;

function parseCommand(argv: string[]): KeyCommand {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { user: { type: 'string' }, name: { type: 'string' } } });
  const [command, keyId] = positionals;
  if (command === 'create' && values.user) return { command, user: values.user, name: values.name ?? null };
  if (command === 'list' && values.user) return { command, user: values.user };
  if (command === 'revoke' && keyId) return { command, keyId };
  throw new Error(USAGE);
}

async function execute(request: KeyCommand): Promise<unknown> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const viaServer = await sendAdminCommand(config.dataDir, request);
    if (viaServer !== null) return viaServer;
  }
  const db = await openDatabase(config);
  try {
    await db.withExclusiveSetup(() => migrate(db));
    return await runKeyCommand(db, request);
  } finally {
    await db.close();
  }
}

function describe(record: ApiKeyRecord): string {
  return `${record.id}  user=${record.user_id}  name=${record.name ?? '-'}  created=${record.created}  ${record.revoked_at ? `REVOKED ${record.revoked_at}` : 'active'}`;
}

try {
  const request = parseCommand(process.argv.slice(2));
  const result = await execute(request);
  if (request.command === 'create') {
    const { record, key } = result as { record: ApiKeyRecord; key: string };
    console.log(`Created API key ${record.id} for user ${record.user_id}. It is shown only once:`);
    console.log(key);
  } else if (request.command === 'list') {
    const records = result as ApiKeyRecord[];
    console.log(records.length ? records.map(describe).join('\n') : `No keys for user ${request.user}`);
  } else {
    const record = result as ApiKeyRecord | null;
    if (!record) throw new Error(`No key with id ${request.keyId}`);
    console.log(`Revoked ${describe(record)}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
