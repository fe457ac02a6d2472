// Names of the previous minor version, kept so code written against it still compiles and runs.
import type { BlockingOptions, RequestOptions, WatchCallOptions } from '@infra-sdk/core';
import * as v from 'valibot';
import { consistencyModes } from './blocking.js';
import type { ReadNamespaceOptions } from './namespaces/read.js';
import type { WatchNamespaceOptions, WatchNamespacesOptions } from './namespaces/watch.js';

/** @deprecated Use `BlockingOptions`; removed in the next minor version. */
export type BlockingQueryOptions = BlockingOptions;

/** @deprecated Use {@link ReadNamespaceOptions} (or `ListNamespacesOptions`); removed in the next minor version. */
export type BlockingReadOptions = ReadNamespaceOptions;

/** @deprecated Use {@link WatchNamespaceOptions} or {@link WatchNamespacesOptions}; removed in the next minor version. */
export type MeshWatchOptions = WatchCallOptions<RequestOptions>;

/** @deprecated Use the `Consistency` type; removed in the next minor version. */
export const ConsistencySchema = v.picklist(consistencyModes);
