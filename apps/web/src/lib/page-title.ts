// document.title is "<page title> – <service name>", prefixed with "Error: " while an error summary is
// on the page. The page and its error summary set their parts independently, so the order in which
// React runs their effects does not matter.
let pageTitle = '';
let serviceName = '';
let errorSummaries = 0;

function render(): void {
  const parts = [pageTitle, serviceName].filter(Boolean).join(' – ');
  document.title = errorSummaries > 0 ? `Error: ${parts}` : parts;
}

export function setPageTitle(title: string, service: string): void {
  pageTitle = title;
  serviceName = service;
  render();
}

export function errorSummaryShown(): () => void {
  errorSummaries += 1;
  render();
  return () => {
    errorSummaries = Math.max(0, errorSummaries - 1);
    render();
  };
}
