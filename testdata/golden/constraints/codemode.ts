/** Signup has a constraint of every kind. */
interface Signup {
  /** Name is between 2 and 40 characters. @minLength 2 @maxLength 40 */
  name: string;
  /** Handle needs no escaping for the comma inside {1,3}. @maxLength 5 @pattern ^[a-z]{1,3}$ */
  handle: string;
  /** @pattern ^[A-Z]+$ */
  code: string;
  /** @minimum 13 @maximum 130 */
  age: integer;
  /** @minimum -1.5 @maximum 1000 */
  score: number;
  /** @minimum 0 @maximum 1 @default 0.5 */
  ratio?: number;
  /** @maximum 1000 @default 10 @example 5 */
  count?: integer;
  /** @minimum -5 */
  delta: integer;
  /** @minItems 1 @maxItems 5 */
  tags: string[];
  /** @maxItems 3 */
  grid: integer[][];
  /** @format date-time */
  when: string;
  /** @format date */
  day: string;
  /** @format time */
  at: string;
  /** @format email @example "a@example.com" @example "b@example.org" */
  email: string;
  /** @format uri */
  url: string;
  /** @format uuid */
  id: string;
  /** @format ipv4 */
  ipv4: string;
  /** @format ipv6 */
  ipv6: string;
  /** @format hostname */
  host: string;
  /** @default "hello, world" */
  greeting?: string;
  /** @default "say \"hi\" <now>" */
  quote?: string;
  /** @default true */
  enabled?: boolean;
  /** @default "l" @example "s" */
  size?: Size;
  /** @default 2 */
  level?: Level;
  /** @minimum 0 @default 7 */
  maybe_int?: integer;
  /** @minLength 1 @default "x" */
  maybe?: string;
  /** @default "s" */
  maybe_size?: Size;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". @maxLength 39 @pattern : */
  addr: string;
}
/** A JSON number without a fraction. */
type integer = number;
/** Size is an enum, for defaults and examples. */
type Size = "s" | "l";
/** Level is an integer enum. */
type Level = 1 | 2;
/** Register signs someone up. */
declare function register(args: Signup): Promise<void>;
/** Book takes constraints from its doc items. */
declare function book(args: {
  /** how many people. @minimum 1 @maximum 8 */
  guests: integer;
  /** who books. @minLength 1 @maxLength 20 @example "Ada" */
  name: string;
  /** the day, as 2006-01-02. @format date */
  day: string;
  /** how many nights. @default 1 */
  nights?: integer;
  /** the room size. @default "s" */
  size?: Size;
  /** airport codes, comma separated. @pattern ^[A-Z]{3}(,[A-Z]{3})*$ */
  code?: string;
  /** extra services. @maxItems 3 */
  extras: string[];
  /** @maxLength 200 */
  note?: string;
  /** spaces before the description. @minimum 0.5 */
  budget?: number;
}): Promise<string>;
