import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../i18n';
import '../test/render';
import { setPageTitle } from '../lib/page-title';
import { ErrorSummary } from './error-summary';

describe('ErrorSummary', () => {
  beforeEach(() => setPageTitle('Countersignatory declaration', 'Disclosure account'));

  it('renders nothing and leaves the title alone without errors', () => {
    const { container } = render(<ErrorSummary errors={[]} />);
    expect(container.innerHTML).toBe('');
    expect(document.title).toBe('Countersignatory declaration – Disclosure account');
  });

  it('takes focus, prefixes the title with "Error: " and restores it when the errors go', () => {
    const { rerender } = render(<ErrorSummary errors={[{ href: '#agreed', text: 'You must agree' }]} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Fields are missing or contain errors',
    );
    expect(document.activeElement?.className).toContain('govuk-error-summary');
    expect(document.title).toBe('Error: Countersignatory declaration – Disclosure account');
    rerender(<ErrorSummary errors={[]} />);
    expect(document.title).toBe('Countersignatory declaration – Disclosure account');
  });

  it('moves focus to the field when a message is selected', () => {
    render(
      <>
        <ErrorSummary errors={[{ href: '#agreed', text: 'You must agree' }]} />
        <input id="agreed" type="checkbox" />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'You must agree' }));
    expect(document.activeElement?.id).toBe('agreed');
  });

  it('keeps focus in the field while errors change as the person types, and takes it again on each failed submit', () => {
    const page = (text: string) => (
      <form onSubmit={(event) => event.preventDefault()}>
        <ErrorSummary errors={[{ href: '#position', text }]} />
        <input id="position" />
        <button type="submit">Save</button>
      </form>
    );
    const { rerender } = render(page('Enter the position'));
    const input = screen.getByRole('textbox');
    input.focus();
    rerender(page('Position must only include letters'));
    expect(document.activeElement).toBe(input);
    fireEvent.submit(input.closest('form')!);
    rerender(page('Position must only include letters'));
    expect(document.activeElement?.className).toContain('govuk-error-summary');
    input.focus();
    fireEvent.submit(input.closest('form')!);
    rerender(page('Position must only include letters'));
    expect(document.activeElement?.className).toContain('govuk-error-summary');
    // Typing again after the failed submit: live changes to the errors leave the focus where it is.
    input.focus();
    fireEvent.input(input, { target: { value: 'Care <' } });
    rerender(page('Position must be 64 characters or less'));
    expect(document.activeElement).toBe(input);
  });
});
