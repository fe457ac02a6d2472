// Version diffs, as the versions endpoint (with `diffs`) and the plan endpoint return them.

import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';

/** Known diff types; others are accepted. */
export const DiffTypeSchema = openEnum(['Added', 'Deleted', 'Edited', 'None']);
/** @deprecated Use `DiffTypeSchema`. */
export const DiffType: typeof DiffTypeSchema = DiffTypeSchema;
/** Known diff types; others are accepted. */
export type DiffType = v.InferOutput<typeof DiffTypeSchema>;

/* @__NO_SIDE_EFFECTS__ */
function fieldDiffSchema() {
  return v.looseObject({
    Name: v.string(),
    Old: v.optional(v.string()),
    New: v.optional(v.string()),
    Type: v.optional(DiffType),
    Annotations: v.nullish(v.array(v.string())),
  });
}
/** The schema type of `FieldDiff`, named so that declarations stay small. */
export interface FieldDiffSchema extends ReturnType<typeof fieldDiffSchema> {}
/** One changed field: its name, old and new value as text, and what kind of change. */
export const FieldDiffSchema: FieldDiffSchema = fieldDiffSchema();
/** @deprecated Use `FieldDiffSchema`. */
export const FieldDiff: FieldDiffSchema = FieldDiffSchema;
/** One changed field: its name, old and new value as text, and what kind of change. */
export interface FieldDiff extends v.InferOutput<typeof FieldDiffSchema> {}

// Objects nest to any depth, so this one type is written out for the recursion.
/** A changed nested object: its fields and the objects inside it. */
export interface ObjectDiff {
  /** Name of the object, e.g. `Update` or `Resources`. */
  readonly Name: string;
  /** Kind of change: `Added`, `Deleted`, `Edited` or `None`. */
  readonly Type?: string | undefined;
  /** Changed fields of the object. */
  readonly Fields?: FieldDiff[] | null | undefined;
  /** Changed objects nested in it. */
  readonly Objects?: ObjectDiff[] | null | undefined;
  readonly [extra: string]: unknown;
}

/** A changed nested object: its fields and the objects inside it. */
export const ObjectDiffSchema: v.GenericSchema<ObjectDiff> = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffType),
  Fields: v.nullish(v.array(FieldDiff)),
  Objects: v.nullish(v.array(v.lazy(() => ObjectDiff))),
});
/** @deprecated Use `ObjectDiffSchema`. */
export const ObjectDiff: v.GenericSchema<ObjectDiff> = ObjectDiffSchema;

/* @__NO_SIDE_EFFECTS__ */
function taskDiffSchema() {
  return v.looseObject({
    Name: v.string(),
    Type: v.optional(DiffType),
    Fields: v.nullish(v.array(FieldDiff)),
    Objects: v.nullish(v.array(ObjectDiff)),
    Annotations: v.nullish(v.array(v.string())),
  });
}
/** The schema type of `TaskDiff`, named so that declarations stay small. */
export interface TaskDiffSchema extends ReturnType<typeof taskDiffSchema> {}
/** Changes of one task. */
export const TaskDiffSchema: TaskDiffSchema = taskDiffSchema();
/** @deprecated Use `TaskDiffSchema`. */
export const TaskDiff: TaskDiffSchema = TaskDiffSchema;

/* @__NO_SIDE_EFFECTS__ */
function taskGroupDiffSchema() {
  return v.looseObject({
    Name: v.string(),
    Type: v.optional(DiffType),
    Fields: v.nullish(v.array(FieldDiff)),
    Objects: v.nullish(v.array(ObjectDiff)),
    Updates: v.nullish(v.record(v.string(), v.number())),
    Tasks: v.nullish(v.array(TaskDiff)),
  });
}
/** The schema type of `TaskGroupDiff`, named so that declarations stay small. */
export interface TaskGroupDiffSchema extends ReturnType<typeof taskGroupDiffSchema> {}
/** Changes of one task group, with the count of each kind of placement update. */
export const TaskGroupDiffSchema: TaskGroupDiffSchema = taskGroupDiffSchema();
/** @deprecated Use `TaskGroupDiffSchema`. */
export const TaskGroupDiff: TaskGroupDiffSchema = TaskGroupDiffSchema;

/* @__NO_SIDE_EFFECTS__ */
function jobDiffSchema() {
  return v.looseObject({
    ID: v.string(),
    Type: v.optional(DiffType),
    Fields: v.nullish(v.array(FieldDiff)),
    Objects: v.nullish(v.array(ObjectDiff)),
    TaskGroups: v.nullish(v.array(TaskGroupDiff)),
  });
}
/** The schema type of `JobDiff`, named so that declarations stay small. */
export interface JobDiffSchema extends ReturnType<typeof jobDiffSchema> {}
/** Changes between two versions of a job. */
export const JobDiffSchema: JobDiffSchema = jobDiffSchema();
/** @deprecated Use `JobDiffSchema`. */
export const JobDiff: JobDiffSchema = JobDiffSchema;

/** Changes of one task. */
export interface TaskDiff extends v.InferOutput<typeof TaskDiffSchema> {}
/** Changes of one task group, with the count of each kind of placement update. */
export interface TaskGroupDiff extends v.InferOutput<typeof TaskGroupDiffSchema> {}
/** Changes between two versions of a job. */
export interface JobDiff extends v.InferOutput<typeof JobDiffSchema> {}
