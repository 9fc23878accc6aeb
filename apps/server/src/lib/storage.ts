import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

type S3Sdk = typeof S3SdkModule;
let sdkLoading: Promise<S3Sdk> | undefined;
/** The AWS SDK is loaded only when S3 is configured (a local-disk install never loads it). */
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** A stored file: its kind (the folder), its random name and its size in bytes. */
export interface StoredObject {
  kind: string;
  name: string;
  size: number;
}

/**
 * Where uploaded files live. Every file is addressed by its kind (leave, photos, ...) and a random
 * name; the local backend keeps it at `DATA_DIR/uploads/<kind>/<name>`, the S3 backend at the key
 * `uploads/<kind>/<name>` of the bucket. Backups and the migrate command use `list`, `open` and `put`.
 */
export interface StorageBackend {
  readonly type: 'local' | 's3';
  /** writes a file (a Buffer, or a stream of `size` bytes); refuses nothing, overwrites an equal name */
  put(kind: string, name: string, data: Buffer | Readable, size?: number): Promise<void>;
  /** the file's bytes, or null when there is no such file */
  get(kind: string, name: string): Promise<Buffer | null>;
  /** the file as a stream, or null when there is no such file */
  open(kind: string, name: string): Promise<Readable | null>;
  /** the file's size, or null when there is no such file */
  stat(kind: string, name: string): Promise<number | null>;
  /** removes the file; no error when it is already gone */
  remove(kind: string, name: string): Promise<void>;
  /** every stored file, of one kind or of all kinds */
  list(kind?: string): AsyncIterable<StoredObject>;
}

const KIND = /^[a-z0-9][a-z0-9-]{0,39}$/;
const NAME = /^[a-f0-9]{32}$/;

export function validKind(kind: string): boolean {
  return KIND.test(kind);
}
export function validName(name: string): boolean {
  return NAME.test(name);
}

function check(kind: string, name?: string) {
  if (!KIND.test(kind)) throw new Error(`invalid upload kind: ${JSON.stringify(kind)}`);
  if (name !== undefined && !NAME.test(name)) throw new Error(`invalid upload name: ${JSON.stringify(name)}`);
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files on the local disk under `${dataDir}/uploads/<kind>/<name>` (MMS's layout since the start). */
export function localBackend(dataDir: string): StorageBackend {
  const root = path.join(dataDir, 'uploads');
  const file = (kind: string, name: string) => {
    check(kind, name);
    return path.join(root, kind, name);
  };
  return {
    type: 'local',
    async put(kind, name, data) {
      const target = file(kind, name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async get(kind, name) {
      try {
        return await readFile(file(kind, name));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async open(kind, name) {
      const target = file(kind, name);
      try {
        await stat(target);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return createReadStream(target);
    },
    async stat(kind, name) {
      try {
        const s = await stat(file(kind, name));
        return s.isFile() ? s.size : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(kind, name) {
      await rm(file(kind, name), { force: true });
    },
    async *list(kind) {
      let kinds: string[];
      if (kind) {
        check(kind);
        kinds = [kind];
      } else {
        try {
          kinds = (await readdir(root, { withFileTypes: true }))
            .filter((d) => d.isDirectory() && KIND.test(d.name))
            .map((d) => d.name)
            .sort();
        } catch (err) {
          if (isMissing(err)) return;
          throw err;
        }
      }
      for (const k of kinds) {
        let entries;
        try {
          entries = await readdir(path.join(root, k), { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) continue;
          throw err;
        }
        for (const e of entries
          .filter((e) => e.isFile() && NAME.test(e.name))
          .sort((a, b) => (a.name < b.name ? -1 : 1))) {
          const s = await stat(path.join(root, k, e.name));
          yield { kind: k, name: e.name, size: s.size };
        }
      }
    },
  };
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph...) at `uploads/<kind>/<name>`. */
export function s3Backend(settings: S3Settings): StorageBackend {
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Only checksums the server asks for: S3-compatible servers other than AWS often lack the new ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;
  const key = (kind: string, name: string) => {
    check(kind, name);
    return `uploads/${kind}/${name}`;
  };
  const missing = (err: unknown) =>
    ['NoSuchKey', 'NotFound'].includes((err as { name?: string })?.name ?? '') ||
    (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

  async function open(kind: string, name: string): Promise<Readable | null> {
    const { sdk, client } = await connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key(kind, name) }));
      return out.Body as Readable;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    type: 's3',
    async put(kind, name, data, size) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key(kind, name),
          Body: data,
          ContentLength: Buffer.isBuffer(data) ? data.length : size,
        }),
      );
    },
    async get(kind, name) {
      const body = await open(kind, name);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    open,
    async stat(kind, name) {
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key(kind, name) }));
        return out.ContentLength ?? 0;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(kind, name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key(kind, name) }));
    },
    async *list(kind) {
      if (kind) check(kind);
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: kind ? `uploads/${kind}/` : 'uploads/', ContinuationToken }),
        );
        for (const o of out.Contents ?? []) {
          const [, k, n, ...rest] = (o.Key ?? '').split('/');
          if (rest.length || !k || !n || !KIND.test(k) || !NAME.test(n)) continue;
          yield { kind: k, name: n, size: o.Size ?? 0 };
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The S3 settings of a config when S3 is configured (S3_BUCKET set), else null: files stay on disk. */
export function s3SettingsOf(config: {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? 'us-east-1',
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  };
}
