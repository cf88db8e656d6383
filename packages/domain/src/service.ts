/**
 * The service's name in the header and after each page title, unless the deployment names it otherwise
 * (`SERVICE_NAME`, which `GET /api/config` returns). The browser draws this name before the configuration arrives,
 * so with the default the header is drawn once and does not change (no reflow, no layout shift).
 */
export const DEFAULT_SERVICE_NAME = 'Apply for a criminal record disclosure or PVG scheme membership';
