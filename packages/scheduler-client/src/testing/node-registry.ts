// Fake nodes and their state machines: registration, drain (allocations migrate), eligibility,
// purge (allocations are lost and replaced) and node evaluation.
import { randomUUID } from 'node:crypto';
import { badRequest } from './fault.js';
import {
  createEvaluation,
  isLive,
  nowIso,
  placeMissing,
  refreshJobStatus,
  replaceAllocation,
  stopAllocation,
} from './scheduling.js';
import { type Change, currentVersion, type SchedulerStore } from './store.js';
import type { Node, NodeEvent, NodeStub } from './wire-types.js';

const MAX_NODE_EVENTS = 10;

/** What a seeded node may specify; everything else gets a plausible default. */
export interface FakeNodeSpec {
  /** Node id; default a random UUID. */
  readonly id?: string;
  /** Node name; default `fake-node-<n>`. */
  readonly name?: string;
  /** Default: the fake's datacenter. */
  readonly datacenter?: string;
  /** Node class, for constraints; default empty. */
  readonly nodeClass?: string;
  /** Default `ready`. */
  readonly status?: string;
  /** Default `eligible`. */
  readonly eligibility?: 'eligible' | 'ineligible';
  /** Attributes added to (or replacing) the defaults such as `kernel.name` and `cpu.arch`. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** Node metadata. */
  readonly meta?: Readonly<Record<string, string>>;
}

function addNodeEvent(change: Change, node: Node, message: string, subsystem: string): void {
  const event: NodeEvent = {
    Message: message,
    Subsystem: subsystem,
    Details: null,
    Timestamp: nowIso(),
    CreateIndex: change.index,
  };
  const events = node.Events ?? [];
  events.push(event);
  if (events.length > MAX_NODE_EVENTS) events.splice(0, events.length - MAX_NODE_EVENTS);
  node.Events = events;
}

function recordNode(change: Change, node: Node, topic: string, type: string): void {
  node.ModifyIndex = change.index;
  change.touch('nodes');
  change.event(topic, type, node.ID, '', { Node: node });
}

/** Registers a node (or re-registers a purged one with the same id). */
export function addNode(store: SchedulerStore, spec: FakeNodeSpec = {}): Node {
  const position = store.nodes.size + 1;
  const id = spec.id ?? randomUUID();
  const datacenter = spec.datacenter ?? store.settings.datacenter;
  return store.commit((change) => {
    const node: Node = {
      ID: id,
      Name: spec.name ?? `fake-node-${position}`,
      Address: '127.0.0.1',
      Datacenter: datacenter,
      NodeClass: spec.nodeClass ?? '',
      Drain: false,
      Drivers: {
        mock: {
          Attributes: { 'driver.mock': 'true' },
          Detected: true,
          Healthy: true,
          HealthDescription: 'Healthy',
          UpdateTime: nowIso(),
        },
      },
      SchedulingEligibility: spec.eligibility ?? 'eligible',
      Status: spec.status ?? 'ready',
      StatusDescription: '',
      Version: '1.6.1',
      CreateIndex: change.index,
      ModifyIndex: change.index,
      Attributes: {
        'kernel.name': 'linux',
        'cpu.arch': 'amd64',
        'unique.hostname': `fake-node-${position}`,
        ...spec.attributes,
      },
      ComputedClass: `v1:${position}`,
      DrainStrategy: null,
      Events: [],
      HTTPAddr: `127.0.0.1:${4645 + position}`,
      HostVolumes: null,
      Links: null,
      Meta: { ...spec.meta },
      NodeResources: {
        Cpu: { CpuShares: 8000 },
        Memory: { MemoryMB: 16_384 },
        Disk: { DiskMB: 100_000 },
        Devices: null,
        Networks: null,
        NodeNetworks: null,
      },
      Reserved: null,
      ReservedResources: { Cpu: { CpuShares: 0 }, Memory: { MemoryMB: 0 }, Disk: { DiskMB: 0 } },
      Resources: null,
      SecretID: '',
      StatusUpdatedAt: Math.floor(Date.now() / 1000),
      TLSEnabled: false,
      CSIControllerPlugins: null,
      CSINodePlugins: null,
      LastDrain: null,
    };
    addNodeEvent(change, node, 'Node registered', 'Cluster');
    store.nodes.set(id, node);
    recordNode(change, node, 'Node', 'NodeRegistration');
    placeMissing(store, change);
    return node;
  });
}

/** A node as the list shows it; with `resources`, its resources too. */
export function nodeStub(node: Node, resources = false): NodeStub {
  return {
    ...(resources ? { NodeResources: node.NodeResources, ReservedResources: node.ReservedResources } : {}),
    ID: node.ID,
    Name: node.Name ?? '',
    Address: node.Address ?? '',
    Datacenter: node.Datacenter ?? '',
    NodeClass: node.NodeClass ?? '',
    Drain: node.Drain ?? false,
    Drivers: node.Drivers ?? null,
    SchedulingEligibility: node.SchedulingEligibility ?? 'eligible',
    Status: node.Status ?? 'ready',
    StatusDescription: node.StatusDescription ?? '',
    Version: node.Version ?? '',
    LastDrain: node.LastDrain ?? null,
    CreateIndex: node.CreateIndex ?? 0,
    ModifyIndex: node.ModifyIndex ?? 0,
  };
}

/** Stops the live allocations on a node and places replacements elsewhere; returns the evaluation ids. */
function moveAllocations(
  store: SchedulerStore,
  change: Change,
  node: Node,
  how: { readonly lost: boolean; readonly skipSystem: boolean },
): string[] {
  const evaluations = new Map<string, string>();
  for (const alloc of [...store.allocations.values()]) {
    if (alloc.NodeID !== node.ID || !isLive(alloc)) continue;
    if (how.skipSystem && (alloc.JobType === 'system' || alloc.JobType === 'sysbatch')) continue;
    const stored = store.job(alloc.Namespace ?? 'default', alloc.JobID ?? '');
    if (stored === undefined) continue;
    const key = `${stored.namespace}/${stored.id}`;
    let evalId = evaluations.get(key);
    if (evalId === undefined) {
      evalId = createEvaluation(
        store,
        change,
        currentVersion(stored),
        how.lost ? 'node-update' : 'node-drain',
        {
          NodeID: node.ID,
          NodeModifyIndex: change.index,
        },
      ).ID;
      evaluations.set(key, evalId);
    }
    stopAllocation(store, change, alloc, {
      description: how.lost ? 'alloc is lost since its node is down' : 'alloc is being migrated',
      clientStatus: how.lost ? 'lost' : 'complete',
      migrate: !how.lost,
    });
    replaceAllocation(store, change, alloc, evalId);
    refreshJobStatus(store, change, stored);
  }
  return [...evaluations.values()];
}

/** The answer of drain and eligibility changes. */
function updateResponse(change: Change, evalIds: string[]) {
  return {
    EvalCreateIndex: evalIds.length > 0 ? change.index : 0,
    EvalIDs: evalIds.length > 0 ? evalIds : null,
    Index: change.index,
    NodeModifyIndex: change.index,
  };
}

/** POST /v1/node/:node_id/drain. */
export function drainNode(
  store: SchedulerStore,
  node: Node,
  body: {
    readonly DrainSpec?: { readonly Deadline?: number; readonly IgnoreSystemJobs?: boolean } | null;
    readonly MarkEligible?: boolean;
    readonly Meta?: Record<string, string> | null;
  },
) {
  const spec = body.DrainSpec;
  if (spec && typeof spec.Deadline !== 'number') throw badRequest('DrainSpec.Deadline is required');
  return store.commit((change) => {
    let evalIds: string[] = [];
    if (spec) {
      const deadline = spec.Deadline ?? 0;
      const started = new Date(store.clock.now());
      node.Drain = true;
      node.SchedulingEligibility = 'ineligible';
      node.DrainStrategy = {
        Deadline: deadline,
        IgnoreSystemJobs: spec.IgnoreSystemJobs ?? false,
        ForceDeadline: deadline > 0 ? new Date(started.getTime() + deadline / 1_000_000).toISOString() : null,
        StartedAt: started.toISOString(),
      };
      node.LastDrain = {
        Status: 'draining',
        StartedAt: started.toISOString(),
        UpdatedAt: started.toISOString(),
        Meta: body.Meta ?? null,
      };
      addNodeEvent(change, node, 'Node drain strategy set', 'Drain');
      evalIds = moveAllocations(store, change, node, {
        lost: false,
        skipSystem: spec.IgnoreSystemJobs ?? false,
      });
      watchDrain(store, node, started.toISOString());
    } else {
      node.Drain = false;
      node.DrainStrategy = null;
      if (body.MarkEligible) node.SchedulingEligibility = 'eligible';
      node.LastDrain = { ...(node.LastDrain as object | null), Status: 'canceled', UpdatedAt: nowIso() };
      addNodeEvent(change, node, 'Node drain disabled', 'Drain');
    }
    recordNode(change, node, 'NodeDrain', 'NodeDrain');
    if (!spec && body.MarkEligible) placeMissing(store, change);
    return updateResponse(change, evalIds);
  });
}

/** How often the fake's drainer looks at a draining node, in ms of the fake's clock. */
export const DRAINER_MS = 1000;

/**
 * Completes the drain that started at `startedAt` as the drainer does: `DRAINER_MS` later, once no
 * allocation it moves still runs on the node (looking again every `DRAINER_MS` until then).
 */
function watchDrain(store: SchedulerStore, node: Node, startedAt: string): void {
  store.timeline.after(DRAINER_MS, () => {
    if (!node.Drain || node.DrainStrategy?.StartedAt !== startedAt) return;
    const skipSystem = node.DrainStrategy?.IgnoreSystemJobs === true;
    const moving = [...store.allocations.values()].some(
      (alloc) =>
        alloc.NodeID === node.ID &&
        isLive(alloc) &&
        !(skipSystem && (alloc.JobType === 'system' || alloc.JobType === 'sysbatch')),
    );
    if (moving) watchDrain(store, node, startedAt);
    else completeDrain(store, node);
  });
}

/** Ends a drain as the drainer does once every allocation has moved: the node stays ineligible. */
export function completeDrain(store: SchedulerStore, node: Node): void {
  if (!node.Drain) return;
  store.commit((change) => {
    node.Drain = false;
    node.DrainStrategy = null;
    node.LastDrain = { ...(node.LastDrain as object | null), Status: 'complete', UpdatedAt: nowIso() };
    addNodeEvent(change, node, 'Node drain complete', 'Drain');
    recordNode(change, node, 'NodeDrain', 'NodeDrain');
  });
}

/** POST /v1/node/:node_id/eligibility. */
export function setNodeEligibility(store: SchedulerStore, node: Node, eligibility: unknown) {
  if (eligibility !== 'eligible' && eligibility !== 'ineligible') {
    throw badRequest(`invalid scheduling eligibility "${String(eligibility)}"`);
  }
  if (eligibility === 'eligible' && node.Drain) {
    throw badRequest("can not set node's scheduling eligibility to eligible while it is draining");
  }
  return store.commit((change) => {
    node.SchedulingEligibility = eligibility;
    addNodeEvent(
      change,
      node,
      eligibility === 'eligible'
        ? 'Node marked as eligible for scheduling'
        : 'Node marked as ineligible for scheduling',
      'Cluster',
    );
    recordNode(change, node, 'Node', 'NodeEligibility');
    if (eligibility === 'eligible') placeMissing(store, change);
    return updateResponse(change, []);
  });
}

/** The answer of node evaluation and purge. */
function evaluateResponse(store: SchedulerStore, change: Change, evalIds: string[], nodeModifyIndex: number) {
  return {
    EvalCreateIndex: change.index,
    EvalIDs: evalIds,
    HeartbeatTTL: 0,
    Index: change.index,
    KnownLeader: true,
    LastContact: 0,
    LeaderRPCAddr: '127.0.0.1:4647',
    NodeModifyIndex: nodeModifyIndex,
    NumNodes: store.nodes.size,
    Servers: [
      {
        Datacenter: store.settings.datacenter,
        RPCAdvertiseAddr: '127.0.0.1:4647',
        RPCMajorVersion: 1,
        RPCMinorVersion: 1,
      },
    ],
  };
}

/** POST /v1/node/:node_id/evaluate. */
export function evaluateNode(store: SchedulerStore, node: Node) {
  return store.commit((change) => {
    const evalIds: string[] = [];
    const seen = new Set<string>();
    for (const alloc of store.allocations.values()) {
      if (alloc.NodeID !== node.ID || !isLive(alloc)) continue;
      const stored = store.job(alloc.Namespace ?? 'default', alloc.JobID ?? '');
      const key = `${alloc.Namespace}/${alloc.JobID}`;
      if (stored === undefined || seen.has(key)) continue;
      seen.add(key);
      evalIds.push(
        createEvaluation(store, change, currentVersion(stored), 'node-update', {
          NodeID: node.ID,
          NodeModifyIndex: node.ModifyIndex ?? 0,
        }).ID,
      );
    }
    return evaluateResponse(store, change, evalIds, node.ModifyIndex ?? 0);
  });
}

/** POST /v1/node/:node_id/purge: the node goes, its allocations are lost and replaced elsewhere. */
export function purgeNode(store: SchedulerStore, node: Node) {
  return store.commit((change) => {
    store.nodes.delete(node.ID);
    const evalIds = moveAllocations(store, change, node, { lost: true, skipSystem: false });
    change.touch('nodes');
    change.event('Node', 'NodeDeregistration', node.ID, '', { Node: node });
    return evaluateResponse(store, change, evalIds, change.index);
  });
}
