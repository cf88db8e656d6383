/** Where the million-row scale bench's database lives: its own database, never the shared `test` one. */
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'bench_million';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE) || BENCH_DATABASE === 'test') {
  throw new Error('BENCH_DATABASE must be a plain name other than test');
}
export function benchDatabaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.href;
}
