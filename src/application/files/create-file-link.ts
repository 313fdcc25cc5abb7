import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleFile, type FileAccessDeps } from './accessible-file.ts';
import type { FileLinkSigner } from './ports/file-link-signer.ts';

/** CONTRACT section 11: a link lives at most 7 days. */
export const MAX_LINK_SECONDS = 7 * 24 * 3600;

export type CreateFileLink = (
  principal: Principal,
  fileId: string,
  expiresInSeconds: number,
) => Promise<{ token: string; expiresAt: Date }>;

/** Whoever may download a file may hand out a link that downloads it without credentials until it expires. */
export function makeCreateFileLink(
  deps: FileAccessDeps & { fileLinkSigner: FileLinkSigner; clock: Clock },
): CreateFileLink {
  return async (principal, fileId, expiresInSeconds) => {
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_LINK_SECONDS) {
      throw new InvalidInput(`a link expires within 1 to ${MAX_LINK_SECONDS} seconds`);
    }
    const file = await accessibleFile(deps, principal, fileId, 'member');
    // Whole seconds: the token carries the expiry in seconds, and answers it exactly.
    const expiresAt = new Date((Math.floor(deps.clock.now().getTime() / 1000) + expiresInSeconds) * 1000);
    return { token: deps.fileLinkSigner.sign({ fileId: file.id, expiresAt }), expiresAt };
  };
}
