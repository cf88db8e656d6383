import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from '../lib/router';
import { renderWithApp } from '../test/render';
import { LinkButton } from './button';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('a link drawn as a button', () => {
  it('is followed on Space, as a button is pressed (a link already answers Enter)', () => {
    renderWithApp(
      <>
        <LinkButton href="/next">Continue</LinkButton>
        <Where />
      </>,
    );
    const link = screen.getByRole('button', { name: 'Continue' });
    expect(link.tagName).toBe('A');
    fireEvent.keyDown(link, { key: 'a' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.keyDown(link, { key: ' ' });
    expect(screen.getByTestId('where').textContent).toBe('/next');
  });
});
