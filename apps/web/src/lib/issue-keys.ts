/**
 * A refused form's problems by field, as its page shows them: the message key of the first problem of each
 * top-level field (a domain schema's issues; what the browser's resolver gives, for a form posted without
 * JavaScript or a search in the address).
 */
export function problemsByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const [field] = issue.path;
    if (typeof field === 'string') problems[field] ??= issue.message;
  }
  return problems;
}
