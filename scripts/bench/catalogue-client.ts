/**
 * The lobby's load for `bench:catalogue`: BENCH_REQUESTS `GET /casinos/games`
 * cycling pages, provider filters, categories and searches, run in a worker
 * thread so the platform under test keeps the main thread, as it would with
 * its clients elsewhere (the machine and the process are still shared: the
 * process's CPU per call counts both). Calls go through `node:http` with
 * kept-alive sockets, about half the CPU of `fetch` per call, so the client
 * is not what limits the figure.
 */
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { load, type LoadResult } from './load.ts';

export interface LobbyClientOptions {
  /** `http://host:port/api/casinos/games` */
  baseUrl: string;
  categories: string[];
  providers: number;
  requests: number;
  concurrency: number;
}

/** The i-th call's query string: pages, one or two providers, a category, a search, type + bonuses. */
export function lobbyQuery(i: number, o: Pick<LobbyClientOptions, 'categories' | 'providers'>): string {
  const queries = [
    () => `?page=${(i % 50) + 1}`,
    () => `?provider=provider-${(i % o.providers) + 1}`,
    () => `?provider=provider-${(i % o.providers) + 1},provider-${((i + 7) % o.providers) + 1}&page=2`,
    () => `?category=${o.categories[i % o.categories.length] ?? ''}`,
    () => `?searchTerm=${encodeURIComponent(['tiger', 'golden', 'samba', 'rio 3', 'ação'][i % 5]!)}`,
    () => `?type=slot&bonuses=1&page=${(i % 5) + 1}`,
  ];
  return queries[i % queries.length]!();
}

/** Runs the load in a worker thread; resolves with its latencies. */
export function runLobbyClient(options: LobbyClientOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { lobbyClient: options } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`lobby client exited with ${code}`))));
  });
}

const options = !isMainThread ? (workerData as { lobbyClient?: LobbyClientOptions } | null)?.lobbyClient : undefined;
if (options) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const get = (url: string) =>
    new Promise<void>((resolve, reject) => {
      request(url, { agent, headers: { origin: 'http://localhost' } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`status ${response.statusCode}`))));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  const result = await load(options.requests, options.concurrency, Date.now() + 120_000, (i) => get(`${options.baseUrl}${lobbyQuery(i, options)}`));
  agent.destroy();
  parentPort!.postMessage(result);
}
