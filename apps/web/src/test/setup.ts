import { loadStrings } from '../i18n';

// Pages under test read the whole of the service's text straight away, as they do in the browser once their
// route has loaded.
await loadStrings();
