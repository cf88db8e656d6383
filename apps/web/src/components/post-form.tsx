import type { FormEvent, ReactNode } from 'react';
import { FormToken } from './form-token';

/**
 * A page's form: it posts to the page, whose action answers it without JavaScript (decision 0038), and carries the
 * request-forgery token first; with JavaScript `onSubmit` handles it (calling `preventDefault` itself, or through
 * react-hook-form's `handleSubmit`). The browser's own validation is off: the page's messages are the GOV.UK ones.
 */
export function PostForm({
  onSubmit,
  children,
}: {
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form noValidate method="post" onSubmit={onSubmit}>
      <FormToken />
      {children}
    </form>
  );
}
