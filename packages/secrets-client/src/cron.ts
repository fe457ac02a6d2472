// The five-field cron format of rotation schedules: minute, hour, day of month, month, day of week.

interface CronField {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly names?: readonly string[];
}

const FIELDS: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  // 7 is Sunday as well as 0 in most cron dialects.
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

function value(text: string, field: CronField): number | undefined {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + (field.min === 1 ? 1 : 0);
  if (!/^\d+$/.test(text)) return undefined;
  const number = Number(text);
  return number >= field.min && number <= field.max ? number : undefined;
}

function checkPart(part: string, field: CronField): string | undefined {
  const [range = '', step, extra] = part.split('/');
  if (extra !== undefined) return `"${part}" has more than one "/"`;
  if (step !== undefined && !/^[1-9]\d*$/.test(step)) return `step "${step}" must be a positive number`;
  if (range === '*') return undefined;
  const [from = '', to, more] = range.split('-');
  if (more !== undefined) return `"${range}" is not a value or a range`;
  const start = value(from, field);
  if (start === undefined) return `"${from}" is not a ${field.name} (${field.min}-${field.max})`;
  if (to === undefined) return undefined;
  const end = value(to, field);
  if (end === undefined) return `"${to}" is not a ${field.name} (${field.min}-${field.max})`;
  return end < start ? `range "${range}" ends before it starts` : undefined;
}

/** Why `schedule` is not five-field cron text, or undefined when it is. */
export function cronProblem(schedule: string): string | undefined {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5) {
    return `must have five fields (minute hour day-of-month month day-of-week), found ${parts.length}`;
  }
  for (const [index, field] of FIELDS.entries()) {
    const text = parts[index] ?? '';
    for (const part of text.split(',')) {
      const problem = checkPart(part, field);
      if (problem) return `${field.name} field: ${problem}`;
    }
  }
  return undefined;
}
