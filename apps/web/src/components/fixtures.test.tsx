import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import '../test/render';
import { InsetText, Panel, Tag, WarningText } from './content';
import { ErrorSummary } from './error-summary';

// The markup of our components is compared with the fixtures govuk-frontend ships, so its CSS and
// script keep matching when the package is upgraded.
const require = createRequire(import.meta.url);
const components = path.join(
  path.dirname(require.resolve('govuk-frontend/package.json')),
  'dist/govuk/components',
);

interface Fixture {
  name: string;
  options: Record<string, unknown>;
  html: string;
}

function fixture(component: string, name = 'default'): Fixture {
  const file = JSON.parse(readFileSync(path.join(components, component, 'fixtures.json'), 'utf8')) as {
    fixtures: Fixture[];
  };
  const found = file.fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`No fixture ${name} for ${component}`);
  return found;
}

// Whitespace between tags and attribute order do not matter to a browser; parse and re-serialise both.
function normalise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/>\s+</g, '><').trim();
  const walk = (node: Element) => {
    // Attributes our React components add for behaviour but the static fixtures do not carry.
    ['tabindex', 'data-module'].forEach((name) => node.removeAttribute(name));
    const attributes = [...node.attributes].sort((a, b) => a.name.localeCompare(b.name));
    attributes.forEach((a) => node.removeAttribute(a.name));
    attributes.forEach((a) => node.setAttribute(a.name, a.value));
    [...node.children].forEach(walk);
  };
  [...template.content.children].forEach(walk);
  return template.innerHTML.replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<');
}

function markup(element: ReactElement): string {
  return normalise(render(element).container.innerHTML);
}

describe('GOV.UK Frontend fixtures', () => {
  it('tag', () => {
    expect(markup(<Tag>Alpha</Tag>)).toBe(normalise(fixture('tag').html));
  });

  it('inset text', () => {
    const { options, html } = fixture('inset-text');
    expect(markup(<InsetText>{String(options['text'])}</InsetText>)).toBe(normalise(html));
  });

  it('warning text', () => {
    const { options, html } = fixture('warning-text');
    expect(markup(<WarningText>{String(options['text'])}</WarningText>)).toBe(normalise(html));
  });

  it('panel', () => {
    const { html } = fixture('panel');
    expect(
      markup(
        <Panel title="Application complete">
          Your reference number
          <br />
          <strong>HDJ2123F</strong>
        </Panel>,
      ),
    ).toBe(normalise(html));
  });

  it('error summary', () => {
    const { options, html } = fixture('error-summary');
    const errors = (options['errorList'] as { text: string; href: string }[]).map((e) => ({
      href: e.href,
      text: e.text,
    }));
    expect(markup(<ErrorSummary errors={errors} title={String(options['titleText'])} />)).toBe(
      normalise(html),
    );
  });
});
