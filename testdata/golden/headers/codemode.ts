/** Query is a query and where to run it. */
interface Query {
  /** SQL is the query. */
  sql: string;
  /** Tenant is the tenant's id. @pattern ^[a-z-]+$ */
  tenant: string;
  /** Target is where it runs; its members are sent in headers too. */
  target: Target;
  /** DryRun only plans the query. */
  dry_run?: boolean;
  /** Tier is the service tier. */
  tier?: Tier;
  /** Level is the log level. */
  level?: Level;
  /** Since is when the data starts. */
  since?: DateTime;
  /** Shard is the shard to use. */
  shard?: integer;
}
/** Target is where a query runs. */
interface Target {
  /** Region is the region to run in. */
  region: string;
  /** Zone is the zone within the region. @minimum 1 */
  zone?: integer;
}
/** A JSON number without a fraction. */
type integer = number;
/** Tier is a service tier. */
type Tier = "free" | "paid";
/** Level is a log level. */
type Level = 0 | 1;
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Run runs a query. */
declare function run(args: Query): Promise<string>;
/** Report generates a report. */
declare function report(args: {
  /** the kind of report */
  kind: string;
  /** low, normal or high */
  priority?: string;
  /** how many pages at most @minimum 1 */
  pages: integer;
}): Promise<string>;
