/** CONTRACT section 11: an unfinished resumable upload expires this long after it was created. */
export const UPLOAD_LIFETIME_SECONDS = 24 * 3600;

export interface FileUploadProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly contentType: string;
  /**
   * The file's size, announced at creation (`Upload-Length`), or null until a PATCH declares it (tus
   * creation-defer-length).
   */
  readonly length: number | null;
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * A resumable (tus) upload not yet finished. Its bytes are stored under its id as they arrive; with the last
 * one it becomes the file of the same id.
 */
export class FileUpload {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly contentType: string;
  readonly length: number | null;
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;

  constructor(props: FileUploadProps) {
    this.id = props.id;
    this.workspaceId = props.workspaceId;
    this.name = props.name;
    this.contentType = props.contentType;
    this.length = props.length;
    this.createdBy = props.createdBy;
    this.createdAt = props.createdAt;
    this.expiresAt = props.expiresAt;
  }

  /** The upload once its deferred length is known. */
  withLength(length: number): FileUpload {
    return new FileUpload({ ...this, length });
  }

  static start(props: Omit<FileUploadProps, 'expiresAt'>): FileUpload {
    return new FileUpload({
      ...props,
      expiresAt: new Date(props.createdAt.getTime() + UPLOAD_LIFETIME_SECONDS * 1000),
    });
  }
}
