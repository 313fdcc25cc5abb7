import type { TextExtractor } from '../../../application/knowledge/ports/text-extractor.ts';
import { UnreadableDocument } from '../../../domain/knowledge/knowledge-errors.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

function utf8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new UnreadableDocument('the text is not UTF-8');
  }
}

/**
 * A JSON document as lines of `path: value`, one per string, number or boolean it holds; the path's keys
 * joined by spaces (array positions left out), so that full-text search reads them as words.
 */
function jsonText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UnreadableDocument('the JSON is not well-formed');
  }
  const lines: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || node === undefined) return;
    if (typeof node !== 'object') lines.push(path ? `${path}: ${String(node)}` : String(node));
    else if (Array.isArray(node)) for (const item of node) walk(item, path);
    else for (const [key, item] of Object.entries(node)) walk(item, path ? `${path} ${key}` : key);
  };
  walk(value, '');
  return lines.join('\n');
}

// html-to-text (with htmlparser2) and unpdf are loaded on the first document of their type, not at start.
async function htmlText(html: string): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }] });
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }); // errors only: no warnings on stdout
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch {
    throw new UnreadableDocument('the PDF could not be read');
  }
}

/** Text of plain text and Markdown as they are, HTML through html-to-text, JSON's values, PDF through unpdf. */
export const documentTextExtractor: TextExtractor = {
  async extract(contentType, bytes) {
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    switch (type) {
      case 'text/plain':
      case 'text/markdown':
        return utf8(bytes);
      case 'text/html':
        return htmlText(utf8(bytes));
      case 'application/json':
        return jsonText(utf8(bytes));
      case 'application/pdf':
        return pdfText(bytes);
      default:
        throw new UnreadableDocument(
          `a document's text is read from text/plain, text/markdown, text/html, application/json or application/pdf, not ${type || 'an unknown type'}`,
        );
    }
  },
};
