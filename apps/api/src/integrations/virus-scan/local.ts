import net from 'node:net';

/** The standard antivirus test file (EICAR); the stand-in flags any stream containing it. */
export const EICAR_TEST_STRING = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const MAX_STREAM_BYTES = 25 * 1024 * 1024;

export interface LocalClamd {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A local stand-in for clamd: answers PING and INSTREAM over TCP like clamd does, flagging the EICAR test string,
 * so the real client and protocol are exercised without the scanner installed.
 */
export async function startLocalClamd(port = 0, host = '127.0.0.1'): Promise<LocalClamd> {
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let command: string | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (command === null) {
        const end = buffer.findIndex((b) => b === 0 || b === 10);
        if (end === -1) return;
        command = buffer.subarray(0, end).toString('latin1').replace(/^[zn]/, '');
        buffer = buffer.subarray(end + 1);
        if (command === 'PING') return void socket.end('PONG\0');
        if (command !== 'INSTREAM') return void socket.end('UNKNOWN COMMAND\0');
      }
      while (buffer.length >= 4) {
        const size = buffer.readUInt32BE(0);
        if (size === 0) {
          const content = Buffer.concat(chunks).toString('latin1');
          return void socket.end(
            content.includes(EICAR_TEST_STRING) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0',
          );
        }
        if (buffer.length < 4 + size) return;
        received += size;
        if (received > MAX_STREAM_BYTES) return void socket.end('INSTREAM size limit exceeded. ERROR\0');
        chunks.push(buffer.subarray(4, 4 + size));
        buffer = buffer.subarray(4 + size);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    host,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
