// The spec's rotation rules as the fake applies them. They are the fake's own reading of the spec,
// written apart from the client's checks, so that a client that drifts from the spec meets a 400 here
// instead of a copy of its own mistake.
import { MIN_ROTATION_WINDOW_SECONDS } from '../spec-limits.js';
import { fail } from './answer.js';
import { cronScheduleError } from './database/cron-schedule.js';
import type { Fields } from './fields.js';

/** The rotation fields one request gives (undefined: not given). */
export interface GivenRotation {
  readonly rotation_period: number | undefined;
  readonly rotation_schedule: string | undefined;
  readonly rotation_window: number | undefined;
  readonly disable_automated_rotation: boolean | undefined;
}

/** Rotation settings as stored: a period of 0 and an empty schedule mean none. */
export interface StoredRotation {
  readonly rotation_period: number;
  readonly rotation_schedule: string;
  readonly rotation_window: number;
}

/** What a kind of object asks of its rotation fields. */
export interface RotationLimits {
  /** Smallest period in seconds. */
  readonly minPeriod: number;
  /** Whether a period of 0 means "no periodic rotation" (root credentials) rather than a too-short period (static roles). */
  readonly zeroMeansNone: boolean;
}

/** Reads the rotation fields of a request and checks the rules that hold within one body; a 400 when one is broken. */
export function readRotation(fields: Fields, limits: RotationLimits): GivenRotation {
  const given: GivenRotation = {
    rotation_period: fields.duration('rotation_period'),
    rotation_schedule: fields.string('rotation_schedule'),
    rotation_window: fields.duration('rotation_window'),
    disable_automated_rotation: fields.bool('disable_automated_rotation'),
  };
  const period = given.rotation_period;
  const periodSet = period !== undefined && (period > 0 || !limits.zeroMeansNone);
  const scheduleSet = given.rotation_schedule !== undefined && given.rotation_schedule !== '';
  if (periodSet && scheduleSet) {
    fail(400, 'rotation_period and rotation_schedule are mutually exclusive: set exactly one');
  }
  if (periodSet && period < limits.minPeriod) {
    fail(400, `rotation_period must be at least ${limits.minPeriod} seconds`);
  }
  if (scheduleSet) {
    const problem = cronScheduleError(given.rotation_schedule ?? '');
    if (problem) fail(400, `rotation_schedule is not in five-field cron format: ${problem}`);
  }
  const window = given.rotation_window ?? 0;
  if (window > 0 && periodSet) fail(400, 'rotation_window cannot be set with rotation_period');
  if (window > 0 && window < MIN_ROTATION_WINDOW_SECONDS)
    fail(400, 'rotation_window must be at least 1 hour');
  return given;
}

/**
 * The stored settings after a write: a period replaces a schedule (and its window) and a schedule
 * replaces a period, so exactly one of them is ever kept. A 400 when the result breaks a rule.
 */
export function mergeRotation(
  stored: StoredRotation,
  given: GivenRotation,
  limits: RotationLimits,
): StoredRotation {
  let { rotation_period: period, rotation_schedule: schedule, rotation_window: window } = stored;
  if (given.rotation_schedule !== undefined) {
    schedule = given.rotation_schedule;
    if (schedule !== '') period = 0;
    else window = 0;
  }
  if (given.rotation_period !== undefined) {
    period = given.rotation_period;
    if (period > 0 || !limits.zeroMeansNone) {
      schedule = '';
      window = 0;
    }
  }
  if (given.rotation_window !== undefined) window = given.rotation_window;
  if (window > 0 && schedule === '') fail(400, 'rotation_window applies to rotation_schedule only');
  return { rotation_period: period, rotation_schedule: schedule, rotation_window: window };
}

/** The rotation fields a read reports: the schedule with its window, or the period; never both. */
export function rotationFields(stored: StoredRotation): Record<string, number | string> {
  return stored.rotation_schedule === ''
    ? { rotation_period: stored.rotation_period }
    : { rotation_schedule: stored.rotation_schedule, rotation_window: stored.rotation_window };
}
