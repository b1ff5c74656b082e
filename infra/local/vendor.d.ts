/** Minimal typings for the emulators that ship none. */
declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }
  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}

declare module 's3rver' {
  import type { Server } from 'node:http';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    /** Its winston logger (request lines). */
    logger: { silent: boolean };
    run(): Promise<{ address: string; port: number }>;
    /** Creates the configured buckets (what run() does before it listens). */
    configureBuckets(): Promise<void>;
    /** Listens like http.Server#listen (a port, or a Unix socket path). */
    listen(path: string): Promise<Server>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: unknown) => void): this;
  }
  export = S3rver;
}

/** s3rver's on-disk store: `<bucket>/<key>._S3rver_object` and its `.md5` and `_metadata.json` beside it. */
declare module 's3rver/lib/stores/filesystem' {
  import type { Readable } from 'node:stream';
  interface StoredObject {
    bucket: string;
    key: string;
    metadata: Record<string, string>;
    content: Buffer | Readable;
  }
  class FilesystemStore {
    constructor(rootDirectory: string);
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  }
  export = FilesystemStore;
}

declare module 's3rver/lib/models/object' {
  class S3Object {
    static ALLOWED_METADATA: string[];
  }
  export = S3Object;
}
