/** How bench sections print: one aligned line per figure, with its target and the ratio to it. */

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Upper bound the figure should stay under. */
  target?: number;
  /** Free-form note (e.g. a baseline comparison). */
  note?: string;
}

export interface Reporter {
  figure(figure: Figure): void;
  line(text: string): void;
}

function format(value: number, unit: string): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

export function consoleReporter(): Reporter {
  return {
    figure({ name, value, unit, target, note }) {
      const columns = [name.padEnd(44), format(value, unit).padStart(12)];
      if (target !== undefined) {
        const ratio = value / target;
        columns.push(
          `target ≤ ${format(target, unit)}`.padStart(20),
          `ratio ${ratio.toFixed(2)}`.padStart(11),
          ratio <= 1 ? 'ok' : 'OVER',
        );
      }
      if (note) columns.push(`  ${note}`);
      console.log(columns.join('  '));
    },
    line(text) {
      console.log(text);
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs `task` `total` times with `concurrency` in flight; returns sorted latencies in ms. */
export async function measureConcurrent(
  total: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      await task();
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}
