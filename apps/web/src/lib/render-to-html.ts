import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * A page drawn whole on the server (entry-server.tsx): React's stream is read once everything has finished, parts
 * that waited for their data included, and the errors met on the way are listed for the render to show.
 */
export function renderToHtml(element: ReactElement): Promise<{ html: string; errors: unknown[] }> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve({ html, errors });
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in order: the page is sent whole, and React's reveal scripts (inline, refused by the
      // Content-Security-Policy) are never needed.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        errors.push(error);
      },
    });
  });
}
