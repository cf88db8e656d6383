import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Builds the web app and the server when their sources changed (as `npm start` does), then one server for the
 * whole browser run; specs that need other settings start their own with startServer.
 */
export default async function setup(project: TestProject) {
  execFileSync(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../scripts/start.mjs'), '--build-only'],
    {
      stdio: 'inherit',
    },
  );
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
