import net from 'node:net';
import { ScannerUnavailable, type ScanVerdict, type VirusScanner } from './types';

const CHUNK_BYTES = 64 * 1024;

/**
 * A clamd client speaking the INSTREAM command: `zINSTREAM\0`, then chunks each prefixed with their length as a
 * 4-byte big-endian number, then a zero length; clamd answers `stream: OK` or `stream: <signature> FOUND`.
 */
export function createClamdScanner(options: {
  host: string;
  port: number;
  timeoutMs?: number;
}): VirusScanner {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    scan(content) {
      return new Promise<ScanVerdict>((resolve, reject) => {
        const socket = net.connect({ host: options.host, port: options.port });
        const replies: Buffer[] = [];
        let settled = false;
        const fail = (reason: string) => {
          if (settled) return;
          settled = true;
          socket.destroy();
          reject(new ScannerUnavailable(reason));
        };
        socket.setTimeout(timeoutMs, () => fail('timed out'));
        socket.on('error', (error) => fail(error.message));
        socket.on('data', (data) => replies.push(data));
        socket.on('end', () => {
          if (settled) return;
          const reply = Buffer.concat(replies).toString('utf8').replace(/\0/g, '').trim();
          const verdict = parseClamdReply(reply);
          if (!verdict) return fail(`unexpected reply "${reply.slice(0, 100)}"`);
          settled = true;
          socket.end();
          resolve(verdict);
        });
        socket.on('connect', () => {
          socket.write('zINSTREAM\0');
          for (let offset = 0; offset < content.length; offset += CHUNK_BYTES) {
            const chunk = content.subarray(offset, offset + CHUNK_BYTES);
            const size = Buffer.alloc(4);
            size.writeUInt32BE(chunk.length);
            socket.write(size);
            socket.write(chunk);
          }
          socket.write(Buffer.alloc(4));
        });
      });
    },
  };
}

/** `stream: OK` or `stream: Name FOUND`; null for anything else (an error reply such as size limit exceeded). */
export function parseClamdReply(reply: string): ScanVerdict | null {
  if (/^stream: OK$/.test(reply)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  return found ? { clean: false, signature: found[1]! } : null;
}
