export interface IdGenerator {
  /** A new UUID; adapters return time-ordered ones (v7) so that ids sort by creation. */
  newId(): string;
}
