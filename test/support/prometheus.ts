import { expect } from 'vitest';

/** Prometheus's text format as a scraper reads it: every line checked, the samples read out. */

type Labels = Record<string, string>;
export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(${LABEL}(?:,${LABEL})*)?\\})? (\\S+)$`);
const HELP = new RegExp(`^# HELP ${NAME} .+$`);
const TYPE = new RegExp(`^# TYPE ${NAME} (counter|gauge|histogram|summary|untyped)$`);
/**
 * A sample's value as Prometheus reads it (Go's float parsing: NaN and Inf in any case).
 * prom-client writes NaN as `Nan` (the event loop's lag before it has measured anything).
 */
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?Inf|NaN)$/i;

/** Every line checked against the text format; the samples read out. */
export function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(HELP.test(line) || TYPE.test(line), line).toBe(true);
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, line).not.toBeNull();
    expect(match![3], line).toMatch(VALUE);
    const labels: Labels = {};
    for (const pair of (match![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match![1]!, labels, value: Number(match![3]) });
  }
  return samples;
}

/** The value of the one sample with that name and exactly those labels; undefined when absent. */
export function sampleValue(samples: Sample[], name: string, labels: Labels = {}): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

/** How much a counter moved between two scrapes (a series not there yet counts from 0). */
export const moved = (before: Sample[], after: Sample[], name: string, labels: Labels = {}) =>
  (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
