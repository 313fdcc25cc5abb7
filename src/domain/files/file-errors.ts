import { DomainError, NotFound } from '../kernel/errors.ts';

export class FileNotFound extends NotFound {
  constructor() {
    super('file');
  }
}

/** Over FILE_MAX_BYTES: refused while streaming, before it is stored whole. */
export class FileTooLarge extends DomainError {
  constructor(limitBytes: number) {
    super('too_large', 'payload_too_large', `a file has at most ${limitBytes} bytes`);
  }
}

/** The workspace's files would pass its storage quota. */
export class StorageQuotaExceeded extends DomainError {
  constructor(quotaBytes: number) {
    super(
      'too_large',
      'storage_quota_exceeded',
      `the workspace's files would pass its storage quota of ${quotaBytes} bytes; delete files first`,
    );
  }
}

export class UploadNotFound extends NotFound {
  constructor() {
    super('upload');
  }
}

/** A PATCH whose `Upload-Offset` is not where the upload stands (tus: 409). */
export class UploadOffsetMismatch extends DomainError {
  constructor(offset: number) {
    super('conflict', 'conflict', `the upload stands at offset ${offset}; resume from there (HEAD tells it)`);
  }
}

/** Another PATCH of this upload is still streaming. */
export class UploadBusy extends DomainError {
  constructor() {
    super('conflict', 'conflict', 'another request is appending to this upload; retry once it has ended');
  }
}

/**
 * A PATCH that stalled past its lease while another request took the upload over: it stops, and what it
 * stored before is kept (the other request resumed after it).
 */
export class UploadLeaseLost extends DomainError {
  constructor() {
    super(
      'conflict',
      'conflict',
      'this request stalled and another took the upload over; ask where it stands (HEAD) before going on',
    );
  }
}

/** tus creation-defer-length: an `Upload-Length` that contradicts the upload's, or falls short of its bytes. */
export class UploadLengthInvalid extends DomainError {
  constructor(detail: string) {
    super('invalid', 'invalid_request', detail);
  }
}

/** Files travel as they are: a `Content-Encoding` other than identity would make their size and digest lie. */
export class EncodedUpload extends DomainError {
  constructor() {
    super(
      'unsupported',
      'unsupported_media_type',
      'files are sent as they are, not compressed or otherwise encoded',
    );
  }
}
