import type { FieldErrors } from 'react-hook-form';

export interface FieldMessage {
  key: string;
  parts?: ('day' | 'month' | 'year')[];
}

/** The first message of a field (a date's own message before its boxes'). */
export function fieldMessage(errors: FieldErrors, name: string): FieldMessage | undefined {
  const error = errors[name] as Record<string, unknown> | undefined;
  if (!error) return undefined;
  if (typeof error.message === 'string' && error.message) return { key: error.message };
  for (const part of ['day', 'month', 'year'] as const) {
    const inner = error[part] as { message?: string } | undefined;
    if (inner?.message) {
      const parts = (['day', 'month', 'year'] as const).filter(
        (p) => (error[p] as { message?: string } | undefined)?.message,
      );
      return { key: inner.message, parts };
    }
  }
  return undefined;
}
