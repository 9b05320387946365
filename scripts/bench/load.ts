/** Shared load runner and report line of the `bench:*` scripts. */

export interface LoadResult {
  /** Latencies of the successful calls in ms, sorted ascending. */
  latencies: number[];
  failures: number;
  seconds: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `total` calls of `task(i)` with `concurrency` in flight until done or `deadline` (epoch ms); returns each latency in ms. */
export async function load(total: number, concurrency: number, deadline: number, task: (i: number) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total && Date.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        await task(i);
        latencies.push(performance.now() - t0);
      } catch (error) {
        if (failures++ === 0) process.stderr.write(`first failure: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies: latencies.sort((a, b) => a - b), failures, seconds: (performance.now() - started) / 1000 };
}

/** One line: count, throughput and p50/p95/p99. Returns the throughput (successes per second). */
export function report(label: string, r: LoadResult): number {
  const ok = r.latencies.length;
  const rate = ok / r.seconds;
  process.stdout.write(
    `${label}: ${ok} ok, ${r.failures} failed in ${r.seconds.toFixed(2)} s → ${rate.toFixed(1)}/s; ` +
      `latency p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p95 ${percentile(r.latencies, 95).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms\n`,
  );
  return rate;
}

/** A positive number from the environment, or `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A figure for people: thousands separated, `digits` decimals. */
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
