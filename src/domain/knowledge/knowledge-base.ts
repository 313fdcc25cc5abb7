import { InvalidFields } from '../kernel/errors.ts';

/** PostgreSQL's built-in text search configurations: a knowledge base's `language`. */
export const TEXT_SEARCH_LANGUAGES = [
  'simple',
  'arabic',
  'armenian',
  'basque',
  'catalan',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'greek',
  'hindi',
  'hungarian',
  'indonesian',
  'irish',
  'italian',
  'lithuanian',
  'nepali',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'serbian',
  'spanish',
  'swedish',
  'tamil',
  'turkish',
  'yiddish',
] as const;
export type TextSearchLanguage = (typeof TEXT_SEARCH_LANGUAGES)[number];

/** The embedding model of a knowledge base: a model of one of its workspace's providers. */
export interface EmbeddingModel {
  readonly providerId: string;
  readonly model: string;
}

export interface KnowledgeBaseProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly language: TextSearchLanguage;
  /** Null: keyword search only (its provider deleted, or none chosen). */
  readonly embedding: EmbeddingModel | null;
  readonly createdAt: Date;
}

/** Documents searched together, by keyword with its `language`, by meaning when it has an embedding model. */
export class KnowledgeBase {
  readonly id!: string;
  readonly workspaceId!: string;
  readonly name!: string;
  readonly language!: TextSearchLanguage;
  readonly embedding!: EmbeddingModel | null;
  readonly createdAt!: Date;

  constructor(props: KnowledgeBaseProps) {
    Object.assign(this, props);
  }

  static create(
    props: Omit<KnowledgeBaseProps, 'createdAt' | 'language'> & { language?: string | undefined },
    now: Date,
  ): KnowledgeBase {
    const language = props.language ?? 'english';
    if (!(TEXT_SEARCH_LANGUAGES as readonly string[]).includes(language)) {
      throw new InvalidFields([{ path: '/language', message: 'is not a text search configuration' }]);
    }
    return new KnowledgeBase({ ...props, language: language as TextSearchLanguage, createdAt: now });
  }
}
