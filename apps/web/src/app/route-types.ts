import type { FeatureFlags, Role } from '@dis/domain';
import type { PageScript } from '@dis/domain/contracts';
import type { ComponentType } from 'react';
import type { PageAction } from '../lib/page-action';

export interface AppRoute {
  path: string;
  /** Who may see the page; empty means public. Anyone else signed in gets not-found (deny by default). */
  roles: readonly Role[];
  /** Only for users whose identity is verified (DS_VERIFIED or GPG45_MEDIUM). */
  identityVerified?: boolean;
  /** Organisation users must have agreed to today's declaration first. */
  declaration?: boolean;
  /** The page exists only while this feature is on; otherwise not-found. */
  feature?: keyof FeatureFlags;
  Component: ComponentType;
  /** The page's answer to its form posted without JavaScript (decision 0038). */
  action?: () => Promise<PageAction>;
  /**
   * 'none' for a page that works entirely without script: the server sends none with it. 'light' for a page the
   * browser app does not take over: React draws it on the server only, and the browser runs the small entry and the
   * page's plain enhancements (`app/enhance.ts`, decision 0074). By default ('app') the app takes the page over.
   */
  script?: PageScript;
}

/** What the layout knows of the page it frames. */
export interface RouteHandle {
  /** Only for someone signed in: the header will carry their menu. */
  signedIn: boolean;
}
