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
