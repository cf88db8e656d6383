import type { Component } from 'govuk-frontend';
import { useEffect, type RefObject } from 'react';

export type ComponentClass = new ($root: Element) => Component;

/**
 * Starts a govuk-frontend component on an element once. govuk-frontend throws when a component is
 * started twice on one element (as React StrictMode's double effects would do) or when the browser is
 * not supported; either way the server-rendered-style markup still works without its script.
 */
export function useGovukModule(ref: RefObject<Element | null>, Module: ComponentClass): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || element.hasAttribute('data-app-init')) return;
    element.setAttribute('data-app-init', '');
    try {
      new Module(element);
    } catch {
      // Unsupported browser or already started: leave the plain HTML behaviour.
    }
  }, [ref, Module]);
}
