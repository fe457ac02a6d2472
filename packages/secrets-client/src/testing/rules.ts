// The spec's rules as the fake enforces them: the same checks the client runs, answered with 400.
import { checkRotation, type RotationRuleSet } from '../rotation.js';
import { fail } from './answer.js';
import type { Fields } from './fields.js';

/** Rotation settings read from a request. */
export interface FakeRotation {
  readonly rotation_period: number | undefined;
  readonly rotation_schedule: string | undefined;
  readonly rotation_window: number | undefined;
  readonly disable_automated_rotation: boolean | undefined;
}

/** Reads and checks the rotation fields of a request; a broken rule is a 400 answer. */
export function readRotation(fields: Fields, rules: RotationRuleSet): FakeRotation {
  const rotation = {
    rotation_period: fields.duration('rotation_period'),
    rotation_schedule: fields.string('rotation_schedule'),
    rotation_window: fields.duration('rotation_window'),
    disable_automated_rotation: fields.bool('disable_automated_rotation'),
  };
  checkRotation(rotation, (key, message) => fail(400, key === '' ? message : `${key}: ${message}`), rules);
  return rotation;
}
