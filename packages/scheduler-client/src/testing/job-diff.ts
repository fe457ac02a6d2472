// Diffs between two versions of a job in the scheduler's shape: changed fields (maps flattened as
// `Env[key]`), changed nested objects, and task groups and tasks matched by name.

import type { FieldDiff, Job, JobDiff, ObjectDiff, TaskDiff, TaskGroupDiff } from './wire-types.js';

type JsonObject = Record<string, unknown>;
type Kind = 'Added' | 'Deleted' | 'Edited' | 'None';

/** Fields the scheduler maintains, left out of diffs. */
const IGNORED = new Set([
  'Status',
  'StatusDescription',
  'Version',
  'SubmitTime',
  'CreateIndex',
  'ModifyIndex',
  'JobModifyIndex',
  'Stable',
  'VersionTag',
  'TaskGroups',
  'Tasks',
]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function kindOf(old: unknown, next: unknown): Kind {
  const absent = (value: unknown) => value === undefined || value === null;
  if (absent(old) && absent(next)) return 'None';
  if (absent(old)) return 'Added';
  if (absent(next)) return 'Deleted';
  return JSON.stringify(old) === JSON.stringify(next) ? 'None' : 'Edited';
}

function field(name: string, old: unknown, next: unknown): FieldDiff | undefined {
  const before = text(old);
  const after = text(next);
  if (before === after) return undefined;
  const type: Kind = before === '' ? 'Added' : after === '' ? 'Deleted' : 'Edited';
  return { Name: name, Old: before, New: after, Type: type, Annotations: null };
}

/** A map whose values are all scalars (Meta, Env, Config entries) is diffed as `Name[key]` fields. */
function isFlatMap(value: unknown): value is JsonObject {
  return isObject(value) && Object.values(value).every(isScalar);
}

/** The changed fields and nested objects between two objects. */
function diffEntries(old: JsonObject, next: JsonObject): { fields: FieldDiff[]; objects: ObjectDiff[] } {
  const fields: FieldDiff[] = [];
  const objects: ObjectDiff[] = [];
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const before = old[key];
    const after = next[key];
    if (isScalar(before) && isScalar(after)) {
      const changed = field(key, before, after);
      if (changed) fields.push(changed);
    } else if ((isFlatMap(before) || before == null) && (isFlatMap(after) || after == null)) {
      const a = (before ?? {}) as JsonObject;
      const b = (after ?? {}) as JsonObject;
      for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        const changed = field(`${key}[${name}]`, a[name], b[name]);
        if (changed) fields.push(changed);
      }
    } else {
      const nested = diffObject(key, before, after);
      if (nested) objects.push(nested);
    }
  }
  return { fields, objects };
}

function diffObject(name: string, old: unknown, next: unknown): ObjectDiff | undefined {
  const type = kindOf(old, next);
  if (type === 'None') return undefined;
  if (Array.isArray(old) || Array.isArray(next)) {
    const before = Array.isArray(old) ? old : [];
    const after = Array.isArray(next) ? next : [];
    const fields: FieldDiff[] = [];
    const objects: ObjectDiff[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (isScalar(before[i]) && isScalar(after[i])) {
        const changed = field(name, before[i], after[i]);
        if (changed) fields.push(changed);
      } else {
        const nested = diffObject(name, before[i], after[i]);
        if (nested) objects.push(nested);
      }
    }
    return { Name: name, Type: type, Fields: fields, Objects: objects };
  }
  const { fields, objects } = diffEntries(isObject(old) ? old : {}, isObject(next) ? next : {});
  return { Name: name, Type: type, Fields: fields, Objects: objects };
}

function named(list: unknown): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (Array.isArray(list))
    for (const item of list) if (isObject(item)) out.set(String(item.Name ?? ''), item);
  return out;
}

function diffTask(
  name: string,
  old: JsonObject | undefined,
  next: JsonObject | undefined,
): TaskDiff | undefined {
  const type = kindOf(old, next);
  if (type === 'None') return undefined;
  const { fields, objects } = diffEntries(old ?? {}, next ?? {});
  const annotations = type === 'Added' ? ['forces create'] : type === 'Deleted' ? ['forces destroy'] : null;
  return { Name: name, Type: type, Fields: fields, Objects: objects, Annotations: annotations };
}

function diffGroup(
  name: string,
  old: JsonObject | undefined,
  next: JsonObject | undefined,
): TaskGroupDiff | undefined {
  const type = kindOf(old, next);
  if (type === 'None') return undefined;
  const { fields, objects } = diffEntries(old ?? {}, next ?? {});
  const oldTasks = named(old?.Tasks);
  const newTasks = named(next?.Tasks);
  const tasks: TaskDiff[] = [];
  for (const task of [...new Set([...oldTasks.keys(), ...newTasks.keys()])].sort()) {
    const changed = diffTask(task, oldTasks.get(task), newTasks.get(task));
    if (changed) tasks.push(changed);
  }
  return { Name: name, Type: type, Fields: fields, Objects: objects, Tasks: tasks, Updates: null };
}

/** The diff from `old` to `next` (either may be missing: a new or a removed job). */
export function diffJobs(old: Job | undefined, next: Job | undefined): JobDiff {
  const type = kindOf(old, next);
  const { fields, objects } = diffEntries((old ?? {}) as JsonObject, (next ?? {}) as JsonObject);
  const oldGroups = named(old?.TaskGroups);
  const newGroups = named(next?.TaskGroups);
  const groups: TaskGroupDiff[] = [];
  for (const group of [...new Set([...oldGroups.keys(), ...newGroups.keys()])].sort()) {
    const changed = diffGroup(group, oldGroups.get(group), newGroups.get(group));
    if (changed) groups.push(changed);
  }
  const edited = fields.length > 0 || objects.length > 0 || groups.length > 0;
  return {
    ID: next?.ID ?? old?.ID ?? '',
    Type: type === 'Edited' && !edited ? 'None' : type,
    Fields: fields,
    Objects: objects,
    TaskGroups: groups,
  };
}
