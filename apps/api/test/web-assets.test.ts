import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/platform/errors';
import { registerWebApp } from '../src/platform/web';

// The web build as Vite and its precompress step leave it: hashed files with .br and .gz copies beside them.
const SCRIPT = `console.log(${JSON.stringify('a first page that loads quickly '.repeat(40))});`;
const HTML = `<!doctype html><title>x</title><script type="module" src="/assets/index-AbCdEf12.js"></script>`;

describe('the web app’s files: compressed once at build time, cached by name', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dis-web-'));
    mkdirSync(path.join(dist, 'assets', 'fonts'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'));
    const write = (file: string, text: string, compressed = true) => {
      writeFileSync(path.join(dist, file), text);
      if (!compressed) return;
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    };
    write('index.html', HTML);
    write('assets/index-AbCdEf12.js', SCRIPT);
    write('assets/fonts/bold-b542beb274-v2.woff2', 'font', false);
    write('assets/manifest.json', '{"name":"x"}', false);
    write('.vite/manifest.json', '{}', false);
    app = Fastify();
    registerErrorHandling(app);
    await registerWebApp(app, dist);
  });
  afterAll(async () => app.close());

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and plain otherwise', async () => {
    const br = await app.inject({
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('lets browsers keep hashed files for a year; pages are rendered, never the template served', async () => {
    const script = await app.inject({
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const font = await app.inject('/assets/fonts/bold-b542beb274-v2.woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // Every page is rendered on the server (decision 0038; test/pages.test.ts): without the server build the
    // service says it is not built, and the template itself is not a page.
    for (const url of ['/', '/csg/dashboard']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toMatch(/has not been built/);
    }
    expect((await app.inject('/index.html')).statusCode).toBe(404);

    const unhashed = await app.inject('/assets/manifest.json');
    expect(unhashed.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never hands out the build’s own records', async () => {
    expect((await app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });
});
