// Version diffs, as the versions endpoint (with `diffs`) and the plan endpoint return them.

import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';
import type { ObjectDiff } from './object-diff.js';

/** Known diff types; others are accepted. */
export const DiffTypeSchema = openEnum(['Added', 'Deleted', 'Edited', 'None']);

/** One changed field: its name, old and new value as text, and what kind of change. */
export const FieldDiffSchema = v.looseObject({
  Name: v.string(),
  Old: v.optional(v.string()),
  New: v.optional(v.string()),
  Type: v.optional(DiffTypeSchema),
  Annotations: v.nullish(v.array(v.string())),
});

/** A changed nested object: its fields and the objects inside it. */
export const ObjectDiffSchema: v.GenericSchema<ObjectDiff> = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(v.lazy(() => ObjectDiffSchema))),
});

/** Changes of one task. */
export const TaskDiffSchema = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  Annotations: v.nullish(v.array(v.string())),
});

/** Changes of one task group, with the count of each kind of placement update. */
export const TaskGroupDiffSchema = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  Updates: v.nullish(v.record(v.string(), v.number())),
  Tasks: v.nullish(v.array(TaskDiffSchema)),
});

/** Changes between two versions of a job. */
export const JobDiffSchema = v.looseObject({
  ID: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  TaskGroups: v.nullish(v.array(TaskGroupDiffSchema)),
});
