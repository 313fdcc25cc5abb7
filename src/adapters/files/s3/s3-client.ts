import { S3Client } from '@aws-sdk/client-s3';

export interface S3Settings {
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly accessKeyId: string | undefined;
  readonly secretAccessKey: string | undefined;
}

/**
 * A client of any S3-compatible store: path-style addressing (MinIO, s3rver and most others have no
 * per-bucket host names), credentials given or, when not, the SDK's own chain (environment, instance role).
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: true,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}
