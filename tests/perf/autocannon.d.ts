// The part of autocannon's API the benchmarks use (the package ships no types; @types/autocannon
// is not installed).
declare module 'autocannon' {
  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Request extends RawRequest {
      /** Mutates the request before it is sent; answering a falsy value restarts the sequence. */
      setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest | false | null | undefined;
    }
    /** One connection's client (the field bench-serve.ts replaces is an internal of autocannon 8). */
    interface Client {
      pipelinedRequests?: { addBody?: (data: Buffer) => void };
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      requests?: Request[];
      /** Called with each connection's client before its first request. */
      setupClient?: (client: Client) => void;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      duration: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
