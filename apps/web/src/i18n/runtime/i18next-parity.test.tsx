import { createRequire } from 'node:module';
import { validationMessages } from '@dis/domain';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as realReact from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../en.json';
import { createInstance, type I18n, type TOptions } from './i18next';
import * as ownReact from './react-i18next';

// The web build runs the service's own i18next and react-i18next (decision 0046); the unit tests and this file run
// the real ones. Every key of en.json, every form error message and the service's <Trans> sentences must come out
// of both alike: anything the service starts using that ./i18next.ts does not do shows here.

const require = createRequire(import.meta.url);
// Through Node's require, so that no alias of the web build could ever hand this test the copy it checks.
const realI18next = (require('i18next') as { createInstance: () => RealInstance }).createInstance;

interface RealInstance {
  init(options: object): Promise<unknown>;
  t(key: string, options?: object): unknown;
}

const OPTIONS = {
  lng: 'en',
  fallbackLng: 'en',
  ns: ['translation', 'validation'],
  defaultNS: 'translation',
  resources: { en: { translation: en, validation: validationMessages } },
  interpolation: { escapeValue: false },
};

async function both(): Promise<{ real: RealInstance; own: I18n }> {
  const real = realI18next();
  await real.init({ ...OPTIONS, initAsync: false });
  const own = createInstance();
  await own.init(OPTIONS);
  return { real, own };
}

/** Every key of en.json, its parents too (asked for with `returnObjects`), with each string's variables. */
function keysOf(tree: unknown, prefix = ''): { key: string; text: unknown }[] {
  if (typeof tree !== 'object' || tree === null) return [{ key: prefix, text: tree }];
  const own = prefix ? [{ key: prefix, text: tree }] : [];
  return [
    ...own,
    ...Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key)),
  ];
}

const variablesOf = (text: unknown) =>
  [...JSON.stringify(text).matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim());

describe("the service's own i18next", () => {
  it('answers every key of en.json as i18next does: with and without its variables, each plural, as objects', async () => {
    const { real, own } = await both();
    const keys = keysOf(en);
    expect(keys.length).toBeGreaterThan(500);
    for (const { key, text } of keys) {
      const variables = Object.fromEntries(variablesOf(text).map((name, i) => [name, `<v${i}>`]));
      const bare = key.replace(/_(one|other|zero|two|few|many)$/, '');
      const cases: TOptions[] = [
        {},
        variables,
        { ...variables, count: 0 },
        { ...variables, count: 1 },
        { ...variables, count: 7 },
        { ...variables, returnObjects: true },
        { [Object.keys(variables)[0] ?? 'absent']: undefined },
      ];
      for (const options of cases) {
        for (const asked of new Set([key, bare])) {
          expect(own.t(asked, options), `${asked} ${JSON.stringify(options)}`).toEqual(
            real.t(asked, options),
          );
        }
      }
    }
  });

  it('answers the form error messages, missing keys and default values as i18next does', async () => {
    const { real, own } = await both();
    const asked: [string, TOptions][] = [
      ...Object.keys(validationMessages).flatMap((key): [string, TOptions][] => [
        [key, { ns: 'validation', keySeparator: false, defaultValue: '' }],
        [key, { ns: 'validation' }],
        [`validation:${key}`, { keySeparator: false }],
        [key, { defaultValue: key }],
      ]),
      ['no.such.key', {}],
      ['no.such.key', { defaultValue: '' }],
      ['no.such.key', { defaultValue: 'Plain {{a}}', a: 3 }],
      ['menu.unknown', { defaultValue: 'Your account' }],
      ['Enter a date of birth, for example 27 3 2007', { defaultValue: 'Enter a date of birth' }],
    ];
    for (const [key, options] of asked)
      expect(own.t(key, options), `${key} ${JSON.stringify(options)}`).toEqual(real.t(key, options));
  });

  it("draws the service's <Trans> sentences as react-i18next does", async () => {
    const { real, own } = await both();
    // The unit tests resolve react-i18next to the package itself, not to the web build's own.
    expect(realReact.Trans).not.toBe(ownReact.Trans);
    const cases: { i18nKey: string; components: ReactNode[] }[] = [
      { i18nKey: 'notFound.body3', components: [createElement('a', { className: 'govuk-link', href: '/' })] },
      { i18nKey: 'cookieBanner.accepted', components: [createElement('a', { href: '/cookies' })] },
      { i18nKey: 'cookieBanner.rejected', components: [createElement('a', { href: '/cookies' })] },
      { i18nKey: 'footer.licence', components: [createElement('a', { rel: 'license', href: '/ogl' })] },
      {
        i18nKey: 'pagination.previous',
        components: [createElement('span', { className: 'govuk-visually-hidden' })],
      },
      {
        i18nKey: 'pagination.next',
        components: [createElement('span', { className: 'govuk-visually-hidden' })],
      },
    ];
    for (const props of cases) {
      const drawn = (library: typeof realReact | typeof ownReact, i18n: unknown) =>
        renderToStaticMarkup(
          createElement(
            library.I18nextProvider as never,
            { i18n },
            createElement(library.Trans as never, { ...props, key: undefined }),
          ),
        );
      expect(drawn(ownReact, own), props.i18nKey).toBe(drawn(realReact, real));
    }
  });

  it('draws again with the text added to the store, silently or not as asked', async () => {
    const { own } = await both();
    let told = 0;
    own.on('added', () => (told += 1));
    own.store.addResourceBundle('en', 'translation', { extra: { hello: 'Hello {{name}}' } }, true, true, {
      silent: true,
    });
    expect(told).toBe(0);
    own.store.addResourceBundle('en', 'translation', { extra: { bye: 'Bye' } }, true, true);
    expect(told).toBe(1);
    expect(own.t('extra.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(own.t('extra.bye')).toBe('Bye');
    expect(own.t('launch.title')).toBe((en as { launch: { title: string } }).launch.title);
  });
});
