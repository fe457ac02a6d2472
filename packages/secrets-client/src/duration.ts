// Durations as the service takes them: whole seconds, or text made of numbers with s, m or h units.
import { toSeconds } from '@infra-sdk/core';
import * as v from 'valibot';
import type { DurationValue } from './types.generated.js';

const DURATION_TEXT = /^(?:\d+|(?:\d+[smh])+)$/;

/** A duration in a request: whole seconds (`3600`) or unit text (`"90s"`, `"5m"`, `"1h"`, `"1h30m"`). */
/* @__NO_SIDE_EFFECTS__ */
export function durationSchema() {
  return v.union(
    [
      v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
      v.pipe(v.string(), v.regex(DURATION_TEXT, 'must be whole seconds or text such as "90s", "5m" or "1h"')),
    ],
    'must be whole seconds (a number) or text such as "90s", "5m" or "1h"',
  );
}

/** The seconds a request duration stands for. */
export function durationSeconds(value: DurationValue): number {
  if (typeof value === 'number') return value;
  return /^\d+$/.test(value) ? Number(value) : toSeconds(value);
}
