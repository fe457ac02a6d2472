// When a five-field cron schedule next fires (UTC), for the TTL of scheduled static roles.

const RANGES: readonly (readonly [number, number])[] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];
const NAMES: readonly (readonly string[] | undefined)[] = [
  undefined,
  undefined,
  undefined,
  ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
];

function numberOf(text: string, field: number): number {
  const names = NAMES[field];
  const named = names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + (field === 3 ? 1 : 0);
  return Number(text);
}

function expand(text: string, field: number): Set<number> {
  const [min, max] = RANGES[field] ?? [0, 0];
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '*', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    const [fromText = '*', toText] = range.split('-');
    const from = range === '*' ? min : numberOf(fromText, field);
    const to =
      range === '*'
        ? max
        : toText === undefined
          ? stepText === undefined
            ? from
            : max
          : numberOf(toText, field);
    for (let value = from; value <= to; value += step) values.add(field === 4 && value === 7 ? 0 : value);
  }
  return values;
}

/** Milliseconds since the epoch of the first firing of `schedule` after `after`. */
export function nextRun(schedule: string, after: number): number {
  const parts = schedule.trim().split(/\s+/);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => expand(part, index)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  const time = new Date(after);
  time.setUTCSeconds(0, 0);
  time.setUTCMinutes(time.getUTCMinutes() + 1);
  // Five years of minutes bound the search; every valid schedule fires well within it.
  const limit = after + 5 * 366 * 24 * 3600 * 1000;
  while (time.getTime() < limit) {
    if (!months.has(time.getUTCMonth() + 1)) {
      time.setUTCMonth(time.getUTCMonth() + 1, 1);
      time.setUTCHours(0, 0);
      continue;
    }
    const dayMatch = days.has(time.getUTCDate());
    const weekdayMatch = weekdays.has(time.getUTCDay());
    // As in cron: when both day fields are restricted, either one matching is enough.
    const day =
      anyDay && anyWeekday ? true : anyDay ? weekdayMatch : anyWeekday ? dayMatch : dayMatch || weekdayMatch;
    if (!day) {
      time.setUTCDate(time.getUTCDate() + 1);
      time.setUTCHours(0, 0);
      continue;
    }
    if (!hours.has(time.getUTCHours())) {
      time.setUTCHours(time.getUTCHours() + 1, 0);
      continue;
    }
    if (!minutes.has(time.getUTCMinutes())) {
      time.setUTCMinutes(time.getUTCMinutes() + 1);
      continue;
    }
    return time.getTime();
  }
  return limit;
}

/** Why `schedule` is not a five-field cron schedule the service takes, or undefined when it is. */
export function cronScheduleError(schedule: string): string | undefined {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5)
    return `expected five fields (minute, hour, day of month, month, day of week), got ${parts.length}`;
  for (const [field, text] of parts.entries()) {
    const [min, max] = RANGES[field] ?? [0, 0];
    for (const part of text.split(',')) {
      const match = /^(\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:\/(\d+))?$/.exec(part);
      if (!match) return `field ${field + 1}: ${JSON.stringify(part)} is not a value, a range or a step`;
      if (match[2] !== undefined && Number(match[2]) < 1)
        return `field ${field + 1}: a step must be at least 1`;
      if (match[1] === '*') continue;
      for (const bound of (match[1] ?? '').split('-')) {
        const value = numberOf(bound, field);
        if (!Number.isInteger(value) || value < min || value > max) {
          return `field ${field + 1}: ${JSON.stringify(bound)} is outside ${min}-${max}`;
        }
      }
    }
  }
  return undefined;
}
