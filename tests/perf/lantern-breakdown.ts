// `npm run bench:lantern -- /hiper-demo/ [/pizzaria-bella/ ...]`: why a page's simulated LCP is what
// it is. Lighthouse (mobile preset, simulated throttling) runs each path and its text-only
// baseline in turn (BENCH_RUNS times, default 3), and for every run this prints Lantern's two
// replays of the trace: the optimistic one (document, first parse, first layout and paint tasks)
// and the pessimistic one (plus every task that did layout before the observed LCP), with each
// main-thread task's traced and replayed time and what it spent it on. docs/benchmarks.md explains
// how to read it. Prints only; not part of `npm test`.
import { launchChrome, prepareBaseline, startSeededServer, useFreshDataDir } from './bench-setup.ts';

useFreshDataDir('storefront-bench-lantern');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/hiper-demo/'];

const { listEstablishments } = await import('../../src/server/db/catalogue-repo.ts');
const lighthouse = (await import('lighthouse')).default;
// Lighthouse's own computed metrics, fed the artifacts of a run, give the replays' node timings.
const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
const { LanternFirstContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js');

const { db, server, origin } = await startSeededServer();
for (const e of await listEstablishments(db, { activeOnly: true })) await server.rerender(e.slug_area);
for (const path of paths) await prepareBaseline(origin, path);

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
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

const chrome = await launchChrome();
for (let run = 1; run <= RUNS; run++) {
  for (const path of paths.flatMap((p) => [p, `/baseline${p}`])) {
    const result = await lighthouse(origin + path, { port: chrome.port, output: 'json', onlyAudits: ['largest-contentful-paint'], logLevel: 'error' });
    const artifacts = result!.artifacts;
    const settings = result!.lhr.configSettings;
    const context = { computedCache: new Map(), settings };
    const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null };
    await (LanternFirstContentfulPaint as unknown as { request: (d: unknown, c: unknown) => Promise<unknown> }).request(data, context);
    const lcp = (await (LanternLargestContentfulPaint as unknown as { request: (d: unknown, c: unknown) => Promise<unknown> }).request(data, context)) as {
      timing: number;
      optimisticEstimate: Estimate;
      pessimisticEstimate: Estimate;
    };
    const events = (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
    const t0 = nav?.ts ?? 0;
    console.log(`\n${path} run ${run}: LCP ${Math.round(lcp.timing)} ms = mean of optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)} and pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}`);
    for (const [label, estimate] of [['opt ', lcp.optimisticEstimate], ['pess', lcp.pessimisticEstimate]] as const) {
      for (const [node, timing] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
        const replayed = `${String(Math.round(timing.startTime)).padStart(5)} -> ${String(Math.round(timing.endTime)).padStart(5)}`;
        if (node.type === 'network') {
          console.log(`  ${label} ${replayed}  request ${node.request!.url.slice(0, 90)} (${node.request!.priority})`);
          continue;
        }
        const spent = new Map<string, number>();
        for (const e of node.childEvents) if ((e.dur ?? 0) > 300) spent.set(e.name, (spent.get(e.name) ?? 0) + e.dur! / 1000);
        const top = [...spent.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, ms]) => `${n} ${ms.toFixed(1)}`);
        console.log(`  ${label} ${replayed}  task at ${((node.startTime - t0) / 1000).toFixed(0)} ms, traced ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms: ${top.join(', ')}`);
      }
    }
  }
}
await chrome.kill();
await server.close();
process.exit(0);
