import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { s3Backend, s3SettingsOf, validKind, validName, type StorageBackend } from '../lib/storage.ts';

/**
 * The uploaded files as a backup sees them: keys are paths relative to the store (`<kind>/<id>`).
 * Local disk (`DATA_DIR/uploads/`) today; an S3 store plugs in by implementing the same five calls.
 */
export interface BackupFileStore {
  /** Where the files are, for messages. */
  readonly description: string;
  /** Every stored file's key. Files appearing or vanishing during the walk are fine. */
  list(): AsyncIterable<string>;
  /** The file's size and content, or null when it vanished since `list`. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** No file at all (a restore writes only into an empty store). */
  isEmpty(): Promise<boolean>;
  /** Writes a new file (never overwrites one). */
  write(key: string, data: Readable): Promise<void>;
  remove(key: string): Promise<void>;
}

/** One path segment of a key: no separators, no dot files, no `..`. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const MAX_KEY_DEPTH = 4;

export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= MAX_KEY_DEPTH && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

/** The files under `DATA_DIR/uploads/` (what `lib/uploads.ts` `fileStore` writes). */
export function localUploadStore(dataDir: string): BackupFileStore {
  const root = path.join(dataDir, 'uploads');
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file name in the backup: ${JSON.stringify(key)}`);
    const target = path.resolve(root, ...key.split('/'));
    if (!target.startsWith(root + path.sep)) throw new Error(`file name outside the uploads: ${JSON.stringify(key)}`);
    return target;
  };

  async function* walk(dir: string, prefix: string[]): AsyncGenerator<string> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = [...prefix, entry.name];
      if (entry.isDirectory() && key.length < MAX_KEY_DEPTH) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && isSafeKey(key.join('/'))) yield key.join('/');
      // Anything else (symbolic links, sockets, names MMS never writes) is not MMS's file.
    }
  }

  return {
    description: root,
    list: () => walk(root, []),
    async open(key) {
      let handle;
      try {
        handle = await fs.open(full(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    },
    async isEmpty() {
      const nonEmpty = async (dir: string): Promise<boolean> => {
        let entries;
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
          throw err;
        }
        for (const entry of entries) {
          if (!entry.isDirectory() || (await nonEmpty(path.join(dir, entry.name)))) return true;
        }
        return false;
      };
      return !(await nonEmpty(root));
    },
    async write(key, data) {
      const target = full(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // A directory on the way that is a symbolic link would lead outside the uploads.
      const real = await fs.realpath(path.dirname(target));
      const realRoot = await fs.realpath(root);
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
        throw new Error(`file name outside the uploads: ${JSON.stringify(key)}`);
      }
      await pipeline(data, createWriteStream(target, { flags: 'wx', mode: 0o640 }));
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}

/**
 * The files of the configured object store (S3-compatible, `S3_*` set) as a backup sees them; keys are
 * `<kind>/<name>` as on disk, so an archive restores into either store.
 */
export function objectUploadStore(backend: StorageBackend, description: string): BackupFileStore {
  const split = (key: string): [string, string] => {
    const parts = key.split('/');
    if (parts.length !== 2 || !validKind(parts[0]!) || !validName(parts[1]!)) {
      throw new Error(`unsafe file name in the backup: ${JSON.stringify(key)}`);
    }
    return [parts[0]!, parts[1]!];
  };
  return {
    description,
    async *list() {
      for await (const o of backend.list()) yield `${o.kind}/${o.name}`;
    },
    async open(key) {
      const [kind, name] = split(key);
      const size = await backend.stat(kind, name);
      const stream = size === null ? null : await backend.open(kind, name);
      return size === null || !stream ? null : { size, stream };
    },
    async isEmpty() {
      for await (const _ of backend.list()) return false;
      return true;
    },
    async write(key, data) {
      const [kind, name] = split(key);
      if ((await backend.stat(kind, name)) !== null) throw new Error(`file exists already: ${key}`);
      await backend.put(kind, name, await buffer(data));
    },
    async remove(key) {
      const [kind, name] = split(key);
      await backend.remove(kind, name);
    },
  };
}

/** The uploads of this configuration: the S3 bucket when `S3_*` is set, else `DATA_DIR/uploads/`. */
export function uploadStoreOf(config: Pick<Config, 'dataDir'> & Parameters<typeof s3SettingsOf>[0]): BackupFileStore {
  const s3 = s3SettingsOf(config);
  return s3 ? objectUploadStore(s3Backend(s3), `s3://${s3.bucket}/uploads`) : localUploadStore(config.dataDir);
}
