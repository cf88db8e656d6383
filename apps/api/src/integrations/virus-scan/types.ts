/** The virus scanner as the service uses it: clamd in production, the local stand-in otherwise. */
export interface VirusScanner {
  /** Resolves with the verdict; rejects with ScannerUnavailable when the scanner cannot be reached or answers nonsense. */
  scan(content: Uint8Array): Promise<ScanVerdict>;
}

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export class ScannerUnavailable extends Error {
  constructor(reason: string) {
    super(`Virus scanner unavailable: ${reason}`);
  }
}
