import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorText } from '.';
import { Trans, useTranslation } from './react';
import { addGroups, currentT, onMissingKey, subscribe } from './translate';

// A group of its own, so the service's text is left as it is for the other tests.
addGroups(
  'translation',
  {
    translateTest: {
      plain: 'Hello',
      empty: '',
      greeting: 'Hello {{name}}, you have {{ n }} messages',
      twice: '{{name}} and {{name}}',
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      items_zero: 'No items',
      items_one: 'One item',
      items_other: '{{count}} items',
      status: 'Status',
      status_paper: 'Status on paper',
      status_paper_one: 'One status on paper',
      status_paper_other: 'Statuses on paper',
      list: ['First {{who}}', 'Second', { nested: 'Third {{who}}' }],
      object: { title: 'A title for {{who}}', lines: ['One', 'Two {{who}}'] },
      linked: 'Before <0>the link</0> after',
      endsLinked: 'Previous<0> page</0>',
      twoLinks: '<0>One</0> and <1>two</1>.',
    },
  },
  false,
);
addGroups('validation', { 'translateTest.field.required': 'Enter the field' }, false);

afterEach(() => onMissingKey(undefined));

describe('t', () => {
  const t = () => currentT();

  it('reads dotted keys, and gives the key itself when there is no text', () => {
    expect(t()('translateTest.plain')).toBe('Hello');
    expect(t()('translateTest.empty')).toBe('');
    expect(t()('translateTest.nothing')).toBe('translateTest.nothing');
    expect(t()('translateTest.plain.deeper')).toBe('translateTest.plain.deeper');
    expect(t()('constructor')).toBe('constructor');
  });

  it('fills in {{values}} without escaping, and leaves a value not given as it is', () => {
    expect(t()('translateTest.greeting', { name: '<b>Ann</b> & co', n: 'three' })).toBe(
      'Hello <b>Ann</b> & co, you have three messages',
    );
    expect(t()('translateTest.twice', { name: 'Bo' })).toBe('Bo and Bo');
    expect(t()('translateTest.greeting')).toBe('Hello {{name}}, you have {{ n }} messages');
    expect(t()('translateTest.greeting', { name: undefined, n: null })).toBe('Hello , you have  messages');
  });

  it('picks the plural by count with English rules, key_zero first for 0', () => {
    expect(t()('translateTest.days', { count: 1 })).toBe('1 day');
    expect(t()('translateTest.days', { count: 0 })).toBe('0 days');
    expect(t()('translateTest.days', { count: 2 })).toBe('2 days');
    expect(t()('translateTest.items', { count: 0 })).toBe('No items');
    expect(t()('translateTest.items', { count: 1 })).toBe('One item');
    expect(t()('translateTest.items', { count: 7 })).toBe('7 items');
    // A count without plural keys is only a value.
    expect(t()('translateTest.plain', { count: 3 })).toBe('Hello');
  });

  it('looks for key_context first, and its plurals, then the key', () => {
    expect(t()('translateTest.status', { context: 'paper' })).toBe('Status on paper');
    expect(t()('translateTest.status', { context: 'paper', count: 1 })).toBe('One status on paper');
    expect(t()('translateTest.status', { context: 'paper', count: 4 })).toBe('Statuses on paper');
    expect(t()('translateTest.status', { context: 'online' })).toBe('Status');
    expect(t()('translateTest.status', { context: '' })).toBe('Status');
  });

  it('gives arrays and objects with returnObjects, their strings filled in, and the key without', () => {
    expect(t()('translateTest.list', { returnObjects: true, who: 'you' })).toEqual([
      'First you',
      'Second',
      { nested: 'Third you' },
    ]);
    expect(t()('translateTest.object', { returnObjects: true, who: 'me' })).toEqual({
      title: 'A title for me',
      lines: ['One', 'Two me'],
    });
    expect(t()('translateTest.list')).toBe('translateTest.list');
    expect(t()('translateTest.plain', { returnObjects: true })).toBe('Hello');
    expect(t()('translateTest.none', { returnObjects: true, defaultValue: [] })).toEqual([]);
  });

  it('gives the default for a missing key only, filled in', () => {
    expect(t()('translateTest.nothing', { defaultValue: 'Fallback {{x}}', x: 1 })).toBe('Fallback 1');
    expect(t()('translateTest.nothing', { defaultValue: '' })).toBe('');
    expect(t()('translateTest.empty', { defaultValue: 'unused' })).toBe('');
    expect(t()('translateTest.plain', { defaultValue: 'unused' })).toBe('Hello');
  });

  it('reads the validation namespace by the whole key', () => {
    const flat = { ns: 'validation', keySeparator: false } as const;
    expect(t()('translateTest.field.required', { ...flat, defaultValue: '' })).toBe('Enter the field');
    expect(t()('translateTest.field.other', { ...flat, defaultValue: '' })).toBe('');
    expect(t()('translateTest.plain', { ...flat })).toBe('translateTest.plain');
  });

  it('tells the missing-key handler of a missing key of the service text asked for without a default', () => {
    const missing = vi.fn();
    onMissingKey(missing);
    t()('translateTest.nothing');
    t()('translateTest.nothing', { returnObjects: true });
    t()('translateTest.nothing', { defaultValue: '' });
    t()('translateTest.nothing', { ns: 'validation', keySeparator: false });
    t()('translateTest.plain');
    expect(missing.mock.calls).toEqual([['translateTest.nothing'], ['translateTest.nothing']]);
  });
});

describe('useErrorText', () => {
  it('gives the validation message, else the service text, else the key', () => {
    let errorText: ReturnType<typeof useErrorText> = () => undefined;
    function Probe() {
      errorText = useErrorText();
      return null;
    }
    render(<Probe />);
    expect(errorText('translateTest.field.required')).toBe('Enter the field');
    expect(errorText('translateTest.plain')).toBe('Hello');
    expect(errorText('Something: went wrong.')).toBe('Something: went wrong.');
    expect(errorText(undefined)).toBeUndefined();
  });
});

describe('Trans', () => {
  const html = (key: string, components: ReactElement[]) =>
    renderToStaticMarkup(<Trans i18nKey={key} components={components} />);

  it('draws <0>…</0> as the component of that index, holding the words', () => {
    expect(html('translateTest.linked', [<a className="govuk-link" href="/x" key="x" />])).toBe(
      'Before <a class="govuk-link" href="/x">the link</a> after',
    );
    expect(html('translateTest.endsLinked', [<span className="govuk-visually-hidden" key="h" />])).toBe(
      'Previous<span class="govuk-visually-hidden"> page</span>',
    );
    expect(html('translateTest.twoLinks', [<b key="b" />, <i key="i" />])).toBe('<b>One</b> and <i>two</i>.');
    expect(html('translateTest.plain', [])).toBe('Hello');
    expect(html('translateTest.nothing', [])).toBe('translateTest.nothing');
  });

  it("draws the service's own sentences as react-i18next did", () => {
    expect(
      html('footer.licence', [
        <a
          className="govuk-footer__link"
          href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"
          rel="license"
          key="licence"
        />,
      ]),
    ).toBe(
      'All content is available under the <a class="govuk-footer__link" href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" rel="license">Open Government Licence v3.0</a>, except where otherwise stated',
    );
  });
});

describe('useTranslation', () => {
  it('draws again with text told to listeners, not with text added silently', () => {
    let renders = 0;
    function Probe() {
      const { t } = useTranslation();
      renders += 1;
      return <p>{t('translateTest3.arriving')}</p>;
    }
    const told = vi.fn();
    const unsubscribe = subscribe(told);
    render(<Probe />);
    expect(screen.getByText('translateTest3.arriving')).toBeTruthy();
    const before = currentT();
    act(() => addGroups('translation', { translateTest2: { silent: 'x' } }, false));
    expect(currentT()).toBe(before);
    expect(told).not.toHaveBeenCalled();
    const rendered = renders;
    act(() => addGroups('translation', { translateTest3: { arriving: 'Here now' } }, true));
    expect(currentT()).not.toBe(before);
    expect(told).toHaveBeenCalledTimes(1);
    expect(renders).toBeGreaterThan(rendered);
    expect(screen.getByText('Here now')).toBeTruthy();
    unsubscribe();
  });
});

describe('the server and the browser', () => {
  it('draw the same text: a page drawn on the server is hydrated without a mismatch', async () => {
    function Page() {
      const { t } = useTranslation();
      return (
        <div>
          <p>{t('translateTest.days', { count: 2 })}</p>
          <p>
            <Trans i18nKey="translateTest.linked" components={[<a href="/x" key="x" />]} />
          </p>
          <p>
            <Trans i18nKey="translateTest.endsLinked" components={[<span key="s" />]} />
          </p>
        </div>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    const served = container.innerHTML;
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(served);
    act(() => root.unmount());
  });
});
