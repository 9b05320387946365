/** The fault runs' findings and the summary table they end with. */

export interface Finding {
  scenario: string;
  what: string;
  figure: string;
  /** true pass, false FAIL, null information only. */
  ok: boolean | null;
}

export function finding(scenario: string, what: string, figure: string, ok: boolean | null = null): Finding {
  return { scenario, what, figure, ok };
}

/** Prints the findings as one table; answers true when none failed. */
export function printSummary(findings: Finding[], write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): boolean {
  const rows = findings.map((f) => [f.scenario, f.what, f.figure, f.ok === null ? '' : f.ok ? 'pass' : 'FAIL']);
  const header = ['scenario', 'what', 'figure', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  write('');
  write(line(header));
  write(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) write(line(r));
  const passed = findings.filter((f) => f.ok === true).length;
  const failed = findings.filter((f) => f.ok === false).length;
  write('');
  write(`faults: ${passed} passed, ${failed} failed`);
  return failed === 0;
}
