import { describe, expect, it } from 'vitest';
import { jobsByKind } from './area.ts';

describe('job handlers by kind', () => {
  it('merges the parts, and stops at a kind two parts declare', () => {
    const run = async () => undefined;
    expect(Object.keys(jobsByKind({ a: run }, undefined, { b: run }))).toEqual(['a', 'b']);
    expect(() => jobsByKind({ a: run }, { a: async () => undefined })).toThrow(
      'the job kind a is declared twice',
    );
  });
});
