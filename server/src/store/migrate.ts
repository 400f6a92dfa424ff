import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Database } from './db.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Brings the schema to the newest version; safe when several processes start at once. */
export async function migrate(db: Database): Promise<void> {
  const postgrator = new Postgrator({
    migrationPattern: path.join(migrationsDir, '*.sql'),
    driver: 'pg',
    schemaTable: 'schema_version',
    execQuery: (query) => db.query(query),
    execSqlScript: (sql) => db.exec(sql),
  });
  await postgrator.migrate();
}
