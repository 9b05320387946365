// Preloaded (NODE_OPTIONS=--import) into a build child by bench:build: on exit,
// appends the process's peak resident memory (KiB) and the CPU time it used
// (user + system, microseconds) to BENCH_MAX_RSS_FILE, so the bench can print
// the astro child's peak and CPU time, which the parent cannot read.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_MAX_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    appendFileSync(file, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}\n`);
  });
}
