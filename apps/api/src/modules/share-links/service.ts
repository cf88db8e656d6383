import { createBasicLinkAccess } from './basic';
import { createIdentityCheck } from './identity-check';
import { createLinkIssuing } from './issuing';
import { createLinkCore, type ShareLinkDeps } from './links';
import { createResultReading } from './reading';
import { createRecipientSessions } from './sessions';

export {
  linkInvalid,
  linkRefusal,
  newSecret,
  recipientBrowserCookieName,
  recipientCookieName,
  SHARE_OPENED_EVENT,
  type BrowserBinding,
  type LinkState,
  type RecipientCaller,
  type RecipientCookies,
  type ShareLinkDeps,
} from './links';

/**
 * Recipients' links of a share, by what each part does: made and emailed with the share (`issuing.ts`); the
 * recipient's session from the link's token (`sessions.ts`); a link's identity check (`identity-check.ts`); a
 * basic link's text-message codes, on the one-time-code life cycle (`basic.ts`); the result the recipient reads
 * (`reading.ts`). `links.ts` holds what they share: the link's secrets and state, the session lookup, refusals.
 */
export function createShareLinkService(deps: ShareLinkDeps) {
  const core = createLinkCore(deps);
  const sessions = createRecipientSessions(deps, core);
  const reading = createResultReading(deps, core);
  return {
    ...createLinkIssuing(deps, core),
    ...sessions,
    ...createIdentityCheck(deps, core),
    ...reading,
    ...createBasicLinkAccess(deps, core, sessions, reading),
  };
}

export type ShareLinkService = ReturnType<typeof createShareLinkService>;
