// The automated-rotation fields shared by the cloud root configuration, database connections and
// static roles, with the spec's rules that hold within one write: period or schedule but not both,
// five-field cron, a minimum period, and a window of at least an hour that never goes with a period.
import * as v from 'valibot';
import { cronProblem } from './cron.js';
import { durationSchema, durationSeconds } from './duration.js';
import { isSet, type ReportRule } from './request-fields.js';
import { MIN_ROTATION_WINDOW_SECONDS } from './spec-limits.js';

/** Rotation fields of a request. */
/* @__NO_SIDE_EFFECTS__ */
export function rotationEntries() {
  return {
    /** Seconds between rotations (duration); `0` means no periodic rotation. */
    rotation_period: v.optional(durationSchema()),
    /** Five-field cron schedule of rotations. */
    rotation_schedule: v.optional(v.string()),
    /** Time allowed to complete a scheduled rotation; at least one hour; only with `rotation_schedule`. */
    rotation_window: v.optional(durationSchema()),
  };
}

/** What a kind of request asks of its rotation fields. */
export interface RotationRuleSet {
  /** Smallest non-zero period, in seconds. */
  readonly minPeriodSeconds: number;
  /** Whether a period of 0 turns periodic rotation off (root credentials) or is a period below the minimum (static roles). */
  readonly zeroDisables: boolean;
}

interface RotationInput {
  readonly rotation_period?: number | string | undefined;
  readonly rotation_schedule?: string | undefined;
  readonly rotation_window?: number | string | undefined;
}

/**
 * Checks the rotation fields of `input` that hold for every write. Whether one of period and schedule
 * is needed depends on what is stored already (a create needs one, an update may leave both out), so
 * the service decides that.
 */
export function checkRotation(input: RotationInput, report: ReportRule, rules: RotationRuleSet): void {
  const period = input.rotation_period === undefined ? undefined : durationSeconds(input.rotation_period);
  const hasPeriod = period !== undefined && (!rules.zeroDisables || period > 0);
  const hasSchedule = isSet(input.rotation_schedule);
  if (hasPeriod && hasSchedule) {
    report(
      'rotation_schedule',
      'rotation_period and rotation_schedule are mutually exclusive: give one of them',
    );
  }
  if (hasPeriod && period < rules.minPeriodSeconds) {
    report('rotation_period', `must be at least ${rules.minPeriodSeconds} seconds, got ${period}`);
  }
  if (hasSchedule) {
    const problem = cronProblem(input.rotation_schedule ?? '');
    if (problem) report('rotation_schedule', `is not a five-field cron schedule: ${problem}`);
  }
  if (input.rotation_window !== undefined) {
    const window = durationSeconds(input.rotation_window);
    // A window alone may update the window of a stored schedule, so only a period beside it is wrong here.
    if (hasPeriod) {
      report('rotation_window', 'cannot be set with rotation_period; it applies to rotation_schedule only');
    }
    if (window > 0 && window < MIN_ROTATION_WINDOW_SECONDS) {
      report('rotation_window', `must be at least 1 hour (3600 seconds), got ${window}`);
    }
  }
}
