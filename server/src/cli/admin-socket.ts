// With embedded PGlite only the server process may open the database, so `npm run keys` talks to
// a running server through a Unix socket in DATA_DIR (owner-only permissions) instead.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Queryable } from '../store/db.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../store/keys.ts';

export type KeyCommand =
  | { command: 'create'; user: string; name: string | null }
  | { command: 'list'; user: string }
  | { command: 'revoke'; keyId: string };

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

export async function runKeyCommand(db: Queryable, request: KeyCommand): Promise<unknown> {
  switch (request.command) {
    case 'create':
      return createApiKey(db, request.user, request.name);
    case 'list':
      return listApiKeys(db, request.user);
    case 'revoke':
      return revokeApiKey(db, request.keyId);
  }
}

export function serveAdminSocket(db: Queryable, dataDir: string): net.Server {
  const socketPath = adminSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let buffer = '';
    connection.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      const request = JSON.parse(buffer.slice(0, newline)) as KeyCommand;
      runKeyCommand(db, request)
        .then((result) => connection.end(`${JSON.stringify({ ok: true, result })}\n`))
        .catch((error: Error) => connection.end(`${JSON.stringify({ ok: false, error: error.message })}\n`));
    });
    connection.on('error', () => {});
  });
  server.listen(socketPath, () => chmodSync(socketPath, 0o600));
  return server;
}

/** Sends a command to a running server; null when none listens. */
export function sendAdminCommand(dataDir: string, request: KeyCommand): Promise<unknown | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(adminSocketPath(dataDir));
    let buffer = '';
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk) => (buffer += chunk.toString('utf8')));
    connection.on('end', () => {
      const reply = JSON.parse(buffer) as { ok: boolean; result?: unknown; error?: string };
      if (reply.ok) resolve(reply.result);
      else reject(new Error(reply.error));
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
