/**
 * A server-rendered GOV.UK page for the local stand-ins (identity, payments, outbox, casework, clock). No inline
 * script or style. `fullWidth` gives wide content (tables) the whole width instead of two thirds.
 */
export function localPage(
  serviceName: string,
  title: string,
  main: string,
  { fullWidth = false }: { fullWidth?: boolean } = {},
): string {
  return `<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)} – ${escapeHtml(serviceName)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/local/static/govuk-frontend.min.css">
  <script type="module" src="/local/static/local-pages.js"></script>
</head>
<body class="govuk-template__body">
  <a href="#main-content" class="govuk-skip-link" data-module="govuk-skip-link">Skip to main content</a>
  <header class="govuk-header" data-module="govuk-header">
    <div class="govuk-header__container govuk-width-container">
      <div class="govuk-header__logo"><span class="govuk-header__link govuk-header__link--homepage">GOV.UK</span></div>
    </div>
  </header>
  <section class="govuk-service-navigation" aria-label="Service information">
    <div class="govuk-width-container">
      <div class="govuk-service-navigation__container">
        <span class="govuk-service-navigation__service-name">
          <span class="govuk-service-navigation__text">${escapeHtml(serviceName)}</span>
        </span>
      </div>
    </div>
  </section>
  <div class="govuk-width-container">
    <div class="govuk-phase-banner"><p class="govuk-phase-banner__content">
      <strong class="govuk-tag govuk-phase-banner__content__tag">Local</strong>
      <span class="govuk-phase-banner__text">A stand-in for an outside service, for development and tests.</span></p></div>
    <main class="govuk-main-wrapper" id="main-content">
      <div class="govuk-grid-row"><div class="govuk-grid-column-${fullWidth ? 'full' : 'two-thirds'}">${main}</div></div>
    </main>
  </div>
</body>
</html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A GOV.UK error summary for a local page: each error is escaped text, linked to its field when `href` is given. */
export function localErrorSummary(errors: readonly { text: string; href?: string }[]): string {
  if (errors.length === 0) return '';
  const items = errors
    .map(({ text, href }) =>
      href
        ? `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`
        : `<li>${escapeHtml(text)}</li>`,
    )
    .join('');
  return `<div class="govuk-error-summary" data-module="govuk-error-summary"><div role="alert">
  <h2 class="govuk-error-summary__title">There is a problem</h2>
  <div class="govuk-error-summary__body"><ul class="govuk-list govuk-error-summary__list">${items}</ul></div>
</div></div>`;
}

/** A GOV.UK success banner for a local page; `heading` is escaped text, `bodyHtml` is already HTML. */
export function localSuccessBanner(id: string, heading: string, bodyHtml = ''): string {
  return `<div class="govuk-notification-banner govuk-notification-banner--success" role="alert" aria-labelledby="${id}" data-module="govuk-notification-banner">
  <div class="govuk-notification-banner__header"><h2 class="govuk-notification-banner__title" id="${id}">Success</h2></div>
  <div class="govuk-notification-banner__content"><p class="govuk-notification-banner__heading">${escapeHtml(heading)}</p>${bodyHtml}</div>
</div>`;
}
