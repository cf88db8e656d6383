import type { Migration } from 'kysely';
import * as m0001 from './0001-platform';
import * as m0002 from './0002-organisation-applications';
import * as m0003 from './0003-applicant-applications';
import * as m0004 from './0004-results';
import * as m0005 from './0005-batches';
import * as m0006 from './0006-security';
import * as m0007 from './0007-csp-reports';
import * as m0008 from './0008-sharing';
import * as m0009 from './0009-share-links';
import * as m0010 from './0010-performance-indexes';
import * as m0011 from './0011-print-requests';
import * as m0012 from './0012-read-views';
import * as m0013 from './0013-name-search';
import * as m0014 from './0014-list-versions';
import * as m0015 from './0015-result-status-indexes';
import * as m0016 from './0016-list-version-notifications';
import * as m0017 from './0017-name-word-search';
import * as m0018 from './0018-results-summary-search';
import * as m0019 from './0019-outbox';
import * as m0020 from './0020-share-link-browser';
import * as m0021 from './0021-result-checks';
import * as m0022 from './0022-basic-applications';
import * as m0023 from './0023-batches-submitted-at-upload';
import * as m0025 from './0025-identity-documents';
import * as m0026 from './0026-paper-applications';
import * as m0027 from './0027-form-post-claims';

// Migrations run in name order on both engines; never edit one that has shipped, add the next.
export const migrations: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-organisation-applications': m0002,
  '0003-applicant-applications': m0003,
  '0004-results': m0004,
  '0005-batches': m0005,
  '0006-security': m0006,
  '0007-csp-reports': m0007,
  '0008-sharing': m0008,
  '0009-share-links': m0009,
  '0010-performance-indexes': m0010,
  '0011-print-requests': m0011,
  '0012-read-views': m0012,
  '0013-name-search': m0013,
  '0014-list-versions': m0014,
  '0015-result-status-indexes': m0015,
  '0016-list-version-notifications': m0016,
  '0017-name-word-search': m0017,
  '0018-results-summary-search': m0018,
  '0019-outbox': m0019,
  '0020-share-link-browser': m0020,
  '0021-result-checks': m0021,
  '0022-basic-applications': m0022,
  '0023-batches-submitted-at-upload': m0023,
  '0025-identity-documents': m0025,
  '0026-paper-applications': m0026,
  '0027-form-post-claims': m0027,
};
