/** CONTRACT section 11: FILE_MAX_BYTES and WORKSPACE_STORAGE_QUOTA_BYTES. */
export interface FileSettings {
  readonly maxBytes: number;
  readonly workspaceQuotaBytes: number;
}
