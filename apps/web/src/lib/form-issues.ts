// What a form posted without JavaScript comes back with (decision 0038): shared by every feature's actions.

/**
 * The message key of each field a schema refused, by field (the first problem of each; a date's own message
 * before its boxes'): what the browser's form shows from the same schema.
 */
export function issueKeys(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const whole of [true, false]) {
    for (const issue of issues) {
      const [field] = issue.path;
      if (field === undefined || (issue.path.length === 1) !== whole) continue;
      keys[String(field)] ??= issue.message;
    }
  }
  return keys;
}

/**
 * The message key of each field a schema refused, by the field's whole path as the form names it (a nested form's
 * `address.line1`); the first problem of each.
 */
export function issuePathKeys(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    keys[issue.path.map(String).join('.')] ??= issue.message;
  }
  return keys;
}
