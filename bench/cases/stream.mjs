// One read of the generated event stream per process, so its peak RSS is its own. Variants: the
// scheduler client (validated, or not), core's parseNdjson alone, and the reference loop that
// fetch + a streaming TextDecoder + split + JSON.parse make by hand.
import { parseNdjson } from '@infra-sdk/core';
import { createSchedulerCore, streamEvents } from '@infra-sdk/scheduler-client';
import { caseInput, report } from '../lib/child.mjs';
import { cpuSince, peakRssMb } from '../lib/stats.mjs';

const { base, variant, bytes, lastIndex } = caseInput();
const url = `${base}/v1/event/stream`;

async function reference() {
  const response = await fetch(url);
  const decoder = new TextDecoder();
  let pending = '';
  let events = 0;
  for await (const chunk of response.body) {
    const text = pending + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start) events += JSON.parse(text.slice(start, end)).Events.length;
      start = end + 1;
    }
    pending = text.slice(start);
  }
  return events;
}

async function coreNdjson() {
  const response = await fetch(url);
  let events = 0;
  for await (const message of parseNdjson(response.body)) events += message.Events.length;
  return events;
}

async function client(validateResponse) {
  const core = createSchedulerCore({ baseUrl: base, token: 'bench-token' });
  let events = 0;
  // The client reconnects when a stream ends; the last event of the file ends the read instead.
  for await (const event of streamEvents(core, { validateResponse })) {
    events += 1;
    if (event.Index === lastIndex) break;
  }
  return events;
}

const variants = {
  reference,
  'core parseNdjson': coreNdjson,
  'streamEvents, validated': () => client(true),
  'streamEvents, validateResponse: false': () => client(false),
};

const started = performance.now();
const cpu = process.cpuUsage();
const events = await variants[variant]();
const seconds = (performance.now() - started) / 1000;
report({
  variant,
  events,
  mbPerSecond: bytes / 1e6 / seconds,
  // Throughput per CPU second of this process: what the parsing costs, whatever else runs on the machine.
  mbPerCpuSecond: bytes / 1e6 / (cpuSince(cpu) / 1e6),
  peakRss: peakRssMb(),
});
