// Blob storage on the local file system under DATA_DIR/files. A worker on another machine shares
// it by mounting the same DATA_DIR (see README "Running workers elsewhere").
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class BlobStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  isValidKey(key: string): boolean {
    return SAFE_KEY.test(key) && !key.split('/').includes('..');
  }

  pathFor(key: string): string {
    if (!this.isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** Writes through a temporary file and renames, so readers never see a half-written blob. */
  async put(key: string, data: Uint8Array | string): Promise<number> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    await writeFile(temp, data);
    await rename(temp, target);
    return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  }

  async putFile(key: string, sourceFile: string): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    await copyFile(sourceFile, temp);
    await rename(temp, target);
  }

  /**
   * Streams a body into a blob, stopping at `maxBytes`. Resolves to the byte count, or to null
   * when the limit was exceeded (nothing is kept then).
   */
  async putStream(key: string, body: Readable, maxBytes: number): Promise<number | null> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    let received = 0;
    let tooLarge = false;
    const counter = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        received += chunk.length;
        if (received > maxBytes) {
          tooLarge = true;
          return;
        }
        yield chunk;
      }
    };
    await pipeline(body, counter, createWriteStream(temp));
    if (tooLarge) {
      body.resume();
      await rm(temp, { force: true });
      return null;
    }
    await rename(temp, target);
    return received;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathFor(key))).size;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathFor(key), range);
  }

  async remove(keyOrPrefix: string): Promise<void> {
    await rm(this.pathFor(keyOrPrefix), { recursive: true, force: true });
  }
}
