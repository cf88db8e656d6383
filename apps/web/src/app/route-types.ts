import type { FeatureFlags, Role } from '@dis/domain';
import type { ComponentType } from 'react';

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
}

/** What the layout knows of the page it frames. */
export interface RouteHandle {
  /** Only for someone signed in: the header will carry their menu. */
  signedIn: boolean;
}
