import { configure } from '@testing-library/react';
import { loadStrings } from '../i18n';

// Pages under test read the whole of the service's text straight away, as they do in the browser once their
// route has loaded.
await loadStrings();

// findBy* and waitFor wait on a condition; Testing Library gives up after one second by default, which a busy CI
// machine can miss while a lazy page loads. A condition that is never met still fails, only later.
configure({ asyncUtilTimeout: 30_000 });
