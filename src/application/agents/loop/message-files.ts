import {
  type AttachedFile,
  isTextContentType,
  MAX_ATTACHED_TEXT_BYTES,
  withAttachedFiles,
} from '../../../domain/agents/message-files.ts';
import { chatMessagesOf, type ThreadMessage } from '../../../domain/agents/thread.ts';
import type { ChatMessage } from '../../../domain/models/index.ts';
import type { FileRepository, FileStorage } from '../../files/index.ts';

export interface MessageFilesDeps {
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
}

/**
 * A branch as the model receives it, each user message with the files it refers to as they are now (read at
 * every model call, so a file deleted since is sent as deleted, never from a copy).
 */
export async function chatMessagesWithFiles(
  deps: MessageFilesDeps,
  workspaceId: string,
  branch: readonly ThreadMessage[],
): Promise<ChatMessage[]> {
  const messages = chatMessagesOf(branch);
  for (const [index, message] of branch.entries()) {
    if (message.role !== 'user' || message.fileIds.length === 0) continue;
    const files = await Promise.all(message.fileIds.map((id) => attachedFile(deps, workspaceId, id)));
    messages[index] = { role: 'user', content: withAttachedFiles(message.content, files) };
  }
  return messages;
}

async function attachedFile(deps: MessageFilesDeps, workspaceId: string, id: string): Promise<AttachedFile> {
  const file = await deps.files.findById(id);
  if (file?.workspaceId !== workspaceId) return { type: 'deleted', id };
  const { name, contentType, size } = file;
  if (!isTextContentType(contentType)) return { type: 'binary', id, name, contentType, size };
  const decoder = new TextDecoder('utf-8');
  let text = '';
  if (size > 0) {
    const end = Math.min(size, MAX_ATTACHED_TEXT_BYTES) - 1;
    for await (const chunk of deps.fileStorage.read(id, { start: 0, end })) {
      text += decoder.decode(chunk, { stream: true });
    }
  }
  // A cut may split a character: its incomplete bytes, left in the decoder, are dropped, never guessed.
  return { type: 'text', id, name, contentType, size, text };
}
