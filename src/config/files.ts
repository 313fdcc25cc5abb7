import { ConfigError, type Input, type Settings } from './settings.ts';

export interface FilesConfig {
  /** Files (CONTRACT section 11): where their bytes live and how many a file and a workspace may hold. */
  readonly files: {
    readonly storage: 'postgres' | 'filesystem' | 's3' | 'memory';
    /** With FILE_STORAGE=s3: any S3-compatible store. */
    readonly s3:
      | {
          readonly endpoint: string | undefined;
          readonly bucket: string;
          readonly region: string;
          readonly accessKeyId: string | undefined;
          readonly secretAccessKey: string | undefined;
        }
      | undefined;
    readonly maxBytes: number;
    readonly workspaceQuotaBytes: number;
    /** How often expired unfinished uploads are deleted (0: never, on this instance). */
    readonly uploadSweepIntervalSeconds: number;
    /** How often orphaned bytes are deleted (0: never, on this instance). */
    readonly orphanSweepIntervalSeconds: number;
  };
}

export const filesSettings: Settings<FilesConfig> = {
  properties: {
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    FILE_STORAGE: {
      enum: ['postgres', 'filesystem', 's3', 'memory'],
      description:
        "where files' bytes live: `postgres` (chunks in the database, shared by every instance), `filesystem` (`DATA_DIR/files`, one instance), `s3` (any S3-compatible store, shared) or `memory` (this process; it holds every file whole)",
      defaultText: '`postgres` (`memory` with `PERSISTENCE=memory`)',
    },
    S3_ENDPOINT: {
      type: 'string',
      pattern: '^https?://\\S+$',
      description: 'the endpoint of the S3-compatible store of `FILE_STORAGE=s3` (path-style addressing)',
    },
    S3_BUCKET: {
      type: 'string',
      minLength: 3,
      maxLength: 63,
      description: 'the bucket of `FILE_STORAGE=s3` (required with it)',
    },
    S3_REGION: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      default: 'us-east-1',
      description: 'the region of `FILE_STORAGE=s3`',
    },
    S3_ACCESS_KEY_ID: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: "the access key of `FILE_STORAGE=s3`; without keys the AWS SDK's own credential chain",
    },
    S3_SECRET_ACCESS_KEY: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'the secret key of `FILE_STORAGE=s3`',
    },
    FILE_MAX_BYTES: {
      type: 'integer',
      minimum: 1,
      maximum: 1099511627776,
      default: 104857600,
      description:
        'the largest file (100 MiB); a larger upload is refused with 413 as soon as it passes the limit',
    },
    WORKSPACE_STORAGE_QUOTA_BYTES: {
      type: 'integer',
      minimum: 0,
      maximum: 1125899906842624,
      default: 10737418240,
      description: "what a workspace's files may hold in all (10 GiB); past it 413 `storage_quota_exceeded`",
    },
    FILE_UPLOAD_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 86400,
      default: 600,
      description:
        'how often an instance deletes resumable uploads left unfinished for 24 h (`0`: never on this instance)',
    },
    FILE_ORPHAN_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 604800,
      default: 3600,
      description:
        "how often an instance deletes stored bytes no file or unfinished upload names any more (a deleted workspace's files, an interrupted export), once unwritten for an hour (`0`: never on this instance)",
    },
  },
  secrets: ['S3_SECRET_ACCESS_KEY'],
  read: (input: Input, platform): FilesConfig => {
    const storage = (input.FILE_STORAGE ?? platform.persistence) as FilesConfig['files']['storage'];
    if (storage === 'postgres' && platform.persistence === 'memory') {
      throw new ConfigError('invalid configuration: FILE_STORAGE=postgres needs PERSISTENCE=postgres');
    }
    if (storage === 's3' && !input.S3_BUCKET) {
      throw new ConfigError('invalid configuration: FILE_STORAGE=s3 needs S3_BUCKET');
    }
    return {
      files: {
        storage,
        s3:
          storage === 's3'
            ? {
                endpoint: input.S3_ENDPOINT as string | undefined,
                bucket: input.S3_BUCKET as string,
                region: input.S3_REGION as string,
                accessKeyId: input.S3_ACCESS_KEY_ID as string | undefined,
                secretAccessKey: input.S3_SECRET_ACCESS_KEY as string | undefined,
              }
            : undefined,
        maxBytes: input.FILE_MAX_BYTES as number,
        workspaceQuotaBytes: input.WORKSPACE_STORAGE_QUOTA_BYTES as number,
        uploadSweepIntervalSeconds: input.FILE_UPLOAD_SWEEP_INTERVAL_SECONDS as number,
        orphanSweepIntervalSeconds: input.FILE_ORPHAN_SWEEP_INTERVAL_SECONDS as number,
      },
    };
  },
};
