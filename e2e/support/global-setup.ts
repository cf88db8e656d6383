import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole browser run; specs that need other settings start their own with startServer. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
