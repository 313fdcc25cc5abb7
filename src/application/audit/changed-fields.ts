/** The names of the fields an update was given (not undefined), sorted and comma-separated: never their values. */
export function changedFields(changes: object): string {
  return Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name)
    .sort()
    .join(',');
}
