// `npm run bench:lantern -- /hiper-demo/ [/pizzaria-bella/ ...]`: why a page's simulated LCP is what
// it is. Lighthouse (mobile preset, simulated throttling) runs each path and its text-only
// baseline in turn (BENCH_RUNS times, default 3), and for every run this prints Lantern's two
// replays of the trace: the optimistic one (document, first parse, first layout and paint tasks)
// and the pessimistic one (plus every task that did layout before the observed LCP), with each
// main-thread task's traced and replayed time and what it spent it on. docs/benchmarks.md explains
// how to read it. Prints only; not part of `npm test`.
import { launchChrome, prepareBaseline, startSeededServer, freshDataDir } from './bench-setup.ts';

freshDataDir('storefront-bench-lantern');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/hiper-demo/'];

const { listEstablishments } = await import('../../src/server/db/catalogue-repo.ts');
const lighthouse = (await import('lighthouse')).default;
// Lighthouse's own computed metrics, fed the artifacts of a run, give the replays' node timings.
const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
const { LanternFirstContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js');
const { LanternTotalBlockingTime } = await import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js');
const { LanternInteractive } = await import('lighthouse/core/computed/metrics/lantern-interactive.js');

const { db, server, origin } = await startSeededServer();
for (const e of await listEstablishments(db, { activeOnly: true })) await server.rerender(e.slug_area);
for (const path of paths) await prepareBaseline(origin, path);

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string; type?: string; size?: number } };
}
interface LanternNode {
  type: 'cpu' | 'network';
  startTime: number;
  endTime: number;
  childEvents: TraceEvent[];
  request?: { url: string; priority: string };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, { startTime: number; endTime: number }>;
}

function describeTask(node: LanternNode, timing: { startTime: number; endTime: number }, t0: number): string {
  const spent = new Map<string, number>();
  for (const e of node.childEvents) if ((e.dur ?? 0) > 300) spent.set(e.name, (spent.get(e.name) ?? 0) + e.dur! / 1000);
  const top = [...spent.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([n, ms]) => `${n} ${ms.toFixed(1)}`);
  const replayed = `${String(Math.round(timing.startTime)).padStart(5)} -> ${String(Math.round(timing.endTime)).padStart(5)}`;
  return `${replayed}  task at ${((node.startTime - t0) / 1000).toFixed(0)} ms, traced ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms: ${top.join(', ')}`;
}

/** TASK_TREE=1: a task's events over 0.5 ms, nested by time, with what their data names (URL, function, event type). */
function printTree(events: TraceEvent[]): void {
  const stack: TraceEvent[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    while (stack.length > 0 && e.ts >= stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0)) stack.pop();
    if ((e.dur ?? 0) >= 500) {
      const data = (e.args?.data ?? {}) as Record<string, unknown>;
      const what = ['url', 'functionName', 'type', 'frame', 'stackTrace']
        .map((k) => data[k])
        .filter((v) => typeof v === 'string')
        .join(' ')
        .slice(0, 80);
      console.log(`         ${'  '.repeat(stack.length)}${e.name} ${(e.dur! / 1000).toFixed(1)} ${what}`);
    }
    stack.push(e);
  }
}

const chrome = await launchChrome();
for (let run = 1; run <= RUNS; run++) {
  for (const path of paths.flatMap((p) => [p, `/baseline${p}`])) {
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: 'json',
      onlyAudits: ['largest-contentful-paint', 'total-blocking-time'],
      logLevel: 'error',
    });
    const artifacts = result!.artifacts;
    const settings = result!.lhr.configSettings;
    const context = { computedCache: new Map(), settings };
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    };
    type Metric = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
    const request = (m: unknown) => (m as { request: (d: unknown, c: unknown) => Promise<Metric> }).request(data, context);
    const fcp = await request(LanternFirstContentfulPaint);
    const lcp = (await (LanternLargestContentfulPaint as unknown as { request: (d: unknown, c: unknown) => Promise<unknown> }).request(data, context)) as {
      timing: number;
      optimisticEstimate: Estimate;
      pessimisticEstimate: Estimate;
    };
    const events = (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
    const t0 = nav?.ts ?? 0;
    // The trace's own paint marks (what the pessimistic replay cuts at), relative to navigation.
    const marks = events
      .filter((e) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name))
      .map(
        (e) =>
          `${e.name === 'firstContentfulPaint' ? 'FCP' : `LCP ${e.args?.data?.type ?? ''} ${e.args?.data?.size ?? ''}`} at ${((e.ts - t0) / 1000).toFixed(0)} ms`,
      );
    console.log(
      `\n${path} run ${run}: LCP ${Math.round(lcp.timing)} ms = mean of optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)} and pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}; traced ${marks.join(', ')}`,
    );
    for (const [label, estimate] of [
      ['opt ', lcp.optimisticEstimate],
      ['pess', lcp.pessimisticEstimate],
    ] as const) {
      for (const [node, timing] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
        const replayed = `${String(Math.round(timing.startTime)).padStart(5)} -> ${String(Math.round(timing.endTime)).padStart(5)}`;
        if (node.type === 'network') {
          console.log(`  ${label} ${replayed}  request ${node.request!.url.slice(0, 90)} (${node.request!.priority})`);
          continue;
        }
        console.log(`  ${label} ${describeTask(node, timing, t0)}`);
        if (process.env.TASK_TREE === 'lcp' && label === 'pess') printTree(node.childEvents);
      }
    }
    // TBT: both replays run the whole graph; a task blocks for what it lasts past 50 ms, counted
    // between FCP and TTI (each replay takes the other's FCP and its own TTI).
    const tbt = await request(LanternTotalBlockingTime);
    const tti = await request(LanternInteractive);
    console.log(
      `  TBT ${Math.round(tbt.timing)} ms = mean of optimistic ${Math.round(tbt.optimisticEstimate.timeInMs)} and pessimistic ${Math.round(tbt.pessimisticEstimate.timeInMs)}; FCP ${Math.round(fcp.optimisticEstimate.timeInMs)}/${Math.round(fcp.pessimisticEstimate.timeInMs)}, TTI ${Math.round(tti.optimisticEstimate.timeInMs)}/${Math.round(tti.pessimisticEstimate.timeInMs)}`,
    );
    // What each task adds to the pessimistic replay's sum (the optimistic one stops at its earlier TTI).
    const from = fcp.optimisticEstimate.timeInMs;
    const to = tti.pessimisticEstimate.timeInMs;
    for (const [node, timing] of [...tbt.optimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
      if (node.type !== 'cpu' || timing.endTime - timing.startTime < 50) continue;
      const blocking = Math.max(0, Math.min(timing.endTime, to) - Math.max(timing.startTime, from) - 50);
      console.log(`  tbt ${String(Math.round(blocking)).padStart(3)} ${describeTask(node, timing, t0)}`);
      if (process.env.TASK_TREE && process.env.TASK_TREE !== 'lcp') printTree(node.childEvents);
    }
  }
}
await chrome.kill();
await server.close();
process.exit(0);
