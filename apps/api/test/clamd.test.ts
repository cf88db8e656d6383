import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { createClamdScanner, parseClamdReply } from '../src/integrations/virus-scan/client';
import { EICAR_TEST_STRING, startLocalClamd, type LocalClamd } from '../src/integrations/virus-scan/local';
import { ScannerUnavailable } from '../src/integrations/virus-scan/types';

/** The clamd client and the local stand-in talking INSTREAM over a real TCP socket. */
describe('clamd INSTREAM over a socket', () => {
  let clamd: LocalClamd;
  beforeAll(async () => {
    clamd = await startLocalClamd();
  });
  afterAll(async () => clamd.close());

  it('answers OK for a clean stream, in several chunks', async () => {
    const scanner = createClamdScanner(clamd);
    expect(await scanner.scan(Buffer.from('a,b\n1,2\n'))).toEqual({ clean: true });
    expect(await scanner.scan(Buffer.alloc(200 * 1024, 0x41))).toEqual({ clean: true });
    expect(await scanner.scan(Buffer.alloc(0))).toEqual({ clean: true });
  });

  it('finds the EICAR test string, even across a chunk boundary', async () => {
    const scanner = createClamdScanner(clamd);
    const padded = Buffer.concat([Buffer.alloc(64 * 1024 - 10, 0x20), Buffer.from(EICAR_TEST_STRING)]);
    expect(await scanner.scan(padded)).toEqual({ clean: false, signature: 'Eicar-Test-Signature' });
  });

  it('speaks the wire format: zINSTREAM, length-prefixed chunks, a zero length, a NUL-terminated reply', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(clamd.port, clamd.host, () => {
        const data = Buffer.from(EICAR_TEST_STRING);
        const size = Buffer.alloc(4);
        size.writeUInt32BE(data.length);
        socket.end(Buffer.concat([Buffer.from('zINSTREAM\0'), size, data, Buffer.alloc(4)]));
      });
      const parts: Buffer[] = [];
      socket.on('data', (d) => parts.push(d));
      socket.on('end', () => resolve(Buffer.concat(parts).toString('latin1')));
      socket.on('error', reject);
    });
    expect(reply).toBe('stream: Eicar-Test-Signature FOUND\0');
    expect(parseClamdReply('stream: OK')).toEqual({ clean: true });
    expect(parseClamdReply('INSTREAM size limit exceeded. ERROR')).toBeNull();
  });

  it('reports the scanner unavailable when nothing listens', async () => {
    const closed = await startLocalClamd();
    await closed.close();
    await expect(createClamdScanner(closed).scan(Buffer.from('x'))).rejects.toBeInstanceOf(
      ScannerUnavailable,
    );
  });

  it('reports the scanner unavailable when it does not answer in time', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      await expect(
        createClamdScanner({ host: '127.0.0.1', port, timeoutMs: 200 }).scan(Buffer.from('x')),
      ).rejects.toBeInstanceOf(ScannerUnavailable);
    } finally {
      silent.close();
    }
  });
});
