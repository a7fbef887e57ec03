/** In is the argument of the result tools. */
interface In {
  /** @minimum 0 @maximum 3 */
  n: integer;
  word: string;
  f: number;
}
/** A JSON number without a fraction. */
type integer = number;
/** U64 is a uint64 enum with huge values. */
type U64 = 9223372036854775808 | 18446744073709551615 | 1;
/** Point is a plain struct. */
interface Point { x: number; y: number }
/** Odd is a string enum whose values need escapes. */
type Odd = "say \"hi\"" | "a\\b" | "héllo 世界" | "two\nlines" | "bell\u0007\u0001" | "" | "line\u2028sep" | "<a&b>";
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Place is a struct declared in another package. */
interface Place { city: string; unit?: Unit }
/**
 * Unit is a string enum declared in another package.
 * "celsius": degrees Celsius
 * "fahrenheit": degrees Fahrenheit
 */
type Unit = "celsius" | "fahrenheit";
/** Places are method types in every position. */
interface Places {
  /** Upper reads any string and writes it upper case, with value receivers for writing. */
  u: string;
  us: string[];
  ua: [string, string];
  um: Record<string, string>;
  /** PtrText has pointer-receiver text methods on both sides. */
  pt?: string;
  pts?: (string | null)[];
  ptm?: Record<string, string | null>;
  /** Both has text and JSON methods: the JSON ones win. */
  both: unknown;
  boths?: unknown[];
  /** OnlyOut has MarshalText but no UnmarshalText: read as its shape (an integer), written as text. */
  oo: string;
  oos?: string[];
  ok?: Record<string, integer>;
}
/** Scalars has one member of each basic type. */
interface Scalars {
  s: string;
  b: boolean;
  i: integer;
  i8: integer;
  i16: integer;
  i32: integer;
  i64: integer;
  u: integer;
  u8: integer;
  u16: integer;
  u32: integer;
  u64: integer;
  f32: number;
  f64: number;
  /** Label is a named string. */
  label: string;
  /** Count is a named integer. */
  count: integer;
}
/** Enums has enums in every position. */
interface Enums { c: Color; p: Priority; b: Bits; pc?: Color; cs: Color[]; by_name: Record<string, Priority> }
/** Color is a string enum. "red": the colour of fire "green": the colour of grass */
type Color = "red" | "green";
/** Priority is an integer enum. */
type Priority = 1 | 2;
/** Bits is an unsigned enum of a small width. */
type Bits = 1 | 128;
/** Enums has enums in every position. */
interface EnumsOutput { c: Color; p: integer; b: integer; pc?: Color; cs: Color[]; by_name: Record<string, integer> }
/** Collections has slices, arrays and maps of every kind of element. */
interface Collections { strs: string[]; ints: [integer, integer, integer]; map: Record<string, integer>; nested: integer[][]; lists: Record<string, string[]>; bytes: Base64; keyed: Record<string, integer>; points: Point[]; ptr_elems: Point[]; ptr_map: Record<string, Point>; grid: [[integer, integer], [integer, integer]] }
/** Collections has slices, arrays and maps of every kind of element. */
interface CollectionsOutput { strs: string[]; ints: [integer, integer, integer]; map: Record<string, integer>; nested: integer[][]; lists: Record<string, string[]>; bytes: Base64; keyed: Record<string, integer>; points: Point[]; ptr_elems: (Point | null)[]; ptr_map: Record<string, Point | null>; grid: [[integer, integer], [integer, integer]] }
/** Pointers has optional members behind pointers. */
interface Pointers { ps?: string; pi?: integer; pf?: number; pb?: boolean; pp?: Point; pt?: DateTime; pl?: string[]; pm?: Priority; must?: integer }
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Pointers has optional members behind pointers. */
interface PointersOutput { ps?: string; pi?: integer; pf?: number; pb?: boolean; pp?: Point; pt?: DateTime; pl?: string[]; pm?: integer; must?: integer }
/** Constrained has every kind of constraint. */
interface Constrained {
  /** @minLength 1 @maxLength 5 */
  name: string;
  /** @pattern ^[A-Z]{2}[0-9]$ */
  code: string;
  /** @minimum 0 @maximum 150 */
  age: integer;
  /** @minimum 0 @maximum 1 */
  ratio: number;
  /** @minimum 0.1 @maximum 0.9 */
  ratio32: number;
  /** @minItems 1 @maxItems 3 */
  tags: string[];
  /** @minimum 1 @maximum 9 */
  small: integer;
  /** @default "fast" */
  mode?: string;
  /** @minimum 1 @default 3 */
  n?: integer;
  /** @default "green" */
  color?: Color;
}
/** Formats has every format toolgen checks. */
interface Formats {
  /** @format date-time */
  date_time: string;
  /** @format date */
  date: string;
  /** @format time */
  time: string;
  /** @format email */
  email: string;
  /** @format uri */
  uri: string;
  /** @format uuid */
  uuid: string;
  /** @format ipv4 */
  ipv4: string;
  /** @format ipv6 */
  ipv6: string;
  /** @format hostname */
  hostname: string;
}
/** Special has the library types with their own mappings. */
interface Special {
  when: DateTime;
  raw: unknown;
  any: unknown;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr: string;
  blob: Base64;
  /** A duration in nanoseconds (1 second = 1000000000). */
  wait: integer;
}
/** Embedded flattens embedded structs as encoding/json does. */
interface Embedded {
  id: string;
  extra: integer;
  own: string;
  /** shadows Base.Note */
  note?: integer;
}
/** Embedded flattens embedded structs as encoding/json does. */
interface EmbeddedOutput {
  id: string;
  extra?: integer;
  own: string;
  /** shadows Base.Note */
  note?: integer;
}
/** Omit covers omitempty and omitzero. */
interface Omit2 { e1?: string; e2?: integer; e3?: integer[]; e4?: Record<string, integer>; e5?: boolean; z1?: DateTime; z2?: Point; z3?: string[]; z4?: number; z5?: Money; plain: integer[]; dict: Record<string, string>; bin: Base64 }
/** Money is zero when its amount is, whatever its currency (omitzero calls IsZero). */
interface Money { amount: integer; currency: string }
/** Tree is a recursive type. */
interface Tree { name: string; kids?: Tree[]; left?: Tree }
/** Tree is a recursive type. */
interface TreeOutput { name: string; kids?: (TreeOutput | null)[]; left?: TreeOutput }
/** FlatArgs mirrors the parameters of Flat, for encoding/json. */
interface FlatArgs { name: string; count?: integer; tags: string[]; when?: DateTime; color: Color }
/** Sparse has optional members that are nil when absent. */
interface Sparse { l?: integer[]; m?: Record<string, string>; b?: Base64; p?: Point[]; pm?: Record<string, Point>; a?: unknown }
/** Dense is Sparse without omitempty: its nil members are written. */
interface Dense { l: integer[]; m: Record<string, string>; b: Base64; p: (Point | null)[]; pm: Record<string, Point | null>; a: unknown }
/** Methods has types that read and write themselves. */
interface Methods {
  /** Temp is a temperature that reads and writes itself as "21C". */
  temp: unknown;
  temps: unknown[];
  /** Temp is a temperature that reads and writes itself as "21C". */
  pt?: unknown;
  /** Level is a text type: it reads and writes "low" or "high". */
  level: string;
  levels: Record<string, string>;
}
/** Numbers has the library's number types. */
interface Numbers {
  n: number;
  /** An integer of any size. */
  big?: integer;
  /** A decimal floating-point number of any size, as a string such as "1.5" or "-2e10". */
  bigf?: string;
  /** A duration in nanoseconds (1 second = 1000000000). */
  wait: integer;
}
/** Shapes nests pointers, arrays, slices and maps. */
interface Shapes { pa?: [integer, integer, integer]; spa: [integer, integer][]; mpa: Record<string, [integer, integer]>; paa?: [[integer, integer], [integer, integer]]; pat?: [DateTime, DateTime]; aps: [string, string]; ss: Point[][]; ms: Record<string, integer[]>; amap: [Record<string, integer>, Record<string, integer>] }
/** Shapes nests pointers, arrays, slices and maps. */
interface ShapesOutput { pa?: [integer, integer, integer]; spa: ([integer, integer] | null)[]; mpa: Record<string, [integer, integer] | null>; paa?: [[integer, integer], [integer, integer]]; pat?: [DateTime, DateTime]; aps: [string | null, string | null]; ss: (Point | null)[][]; ms: Record<string, integer[]>; amap: [Record<string, integer>, Record<string, integer>] }
/** Embeds has embedded fields of every kind. */
interface Embeds {
  /** Name is a named string embedded as a member called Name. */
  Name: string;
  hidden: string;
  shared: integer;
  only2: integer;
  X: integer;
  /** Count is a named integer. */
  Count: integer;
  by: string;
  rev?: integer;
  box?: Box;
  kept: Box;
  hid: hidden;
}
/** Box is embedded with a tag and by pointer with a tag. */
interface Box { a: integer }
/** hidden is unexported and embedded with a tag name: encoding/json makes it a member of that name. */
interface hidden { z: integer }
/** EmbedsMore has members whose types embed methods. */
interface EmbedsMore {
  /**
   * Stamped embeds time.Time: its promoted methods make it a time, and encoding/json reads and writes nothing else (Note is lost).
   */
  stamp: string;
  /** Leveled embeds a text type: it reads and writes as that text. */
  lvl: string;
  pe: PtrEmbed;
  stamps?: string[];
}
/** PtrEmbed embeds pointers to structs, untagged, two levels deep. */
interface PtrEmbed { id: string; note?: string; shared: string; only2: integer; own: integer }
/** EmbedsMore has members whose types embed methods. */
interface EmbedsMoreOutput {
  /**
   * Stamped embeds time.Time: its promoted methods make it a time, and encoding/json reads and writes nothing else (Note is lost).
   */
  stamp: string;
  /** Leveled embeds a text type: it reads and writes as that text. */
  lvl: string;
  pe: PtrEmbedOutput;
  stamps?: string[];
}
/** PtrEmbed embeds pointers to structs, untagged, two levels deep. */
interface PtrEmbedOutput { id?: string; note?: string; shared?: string; only2?: integer; own: integer }
/** Tagged has json tags at their edges. */
interface Tagged { "-": integer; "naïve": string; "with space": string; Quote: string; Bslash: string; Empty?: integer; "a-b.c:d": string; "a/b~c": string; "100%": string; NoName?: boolean; UPPER?: integer }
/** Named has named slices, maps and arrays and byte shapes. */
interface Named {
  /** StrList is a named slice. */
  tags: string[];
  /** Board is a named array of arrays. */
  board: [[integer, integer], [integer, integer]];
  /** Index is a named map of slices. */
  index: Record<string, integer[]>;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  blob: Base64;
  octets: Base64;
  /** Hash is a [N]byte: encoding/json writes it as an array of numbers. */
  hash: [integer, integer, integer, integer];
  arr: [integer, integer, integer];
  u8s: Base64;
  /** Joined is a named slice with text methods: it reads and writes "a,b". */
  joined: string;
  /**
   * MyRaw is a named json.RawMessage: it loses RawMessage's methods, so encoding/json writes it in base64.
   */
  my_raw: Base64;
  raws: unknown[];
  by_key: Record<string, string>;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  pblob?: Base64;
  blobs: Record<string, Base64>;
  /** Letters are bytes that write themselves: encoding/json writes an array of their texts, not base64. */
  letters?: integer[];
  /** Codes are bytes that only read themselves: still base64. */
  codes?: Base64;
}
/** Named has named slices, maps and arrays and byte shapes. */
interface NamedOutput {
  /** StrList is a named slice. */
  tags: string[];
  /** Board is a named array of arrays. */
  board: [[integer, integer], [integer, integer]];
  /** Index is a named map of slices. */
  index: Record<string, integer[]>;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  blob: Base64;
  octets: Base64;
  /** Hash is a [N]byte: encoding/json writes it as an array of numbers. */
  hash: [integer, integer, integer, integer];
  arr: [integer, integer, integer];
  u8s: Base64;
  /** Joined is a named slice with text methods: it reads and writes "a,b". */
  joined: string;
  /**
   * MyRaw is a named json.RawMessage: it loses RawMessage's methods, so encoding/json writes it in base64.
   */
  my_raw: Base64;
  raws: unknown[];
  by_key: Record<string, string>;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  pblob?: Base64;
  blobs: Record<string, Base64>;
  /** Letters are bytes that write themselves: encoding/json writes an array of their texts, not base64. */
  letters?: string[];
  /** Codes are bytes that only read themselves: still base64. */
  codes?: Base64;
}
/** Wide has enums of every width. */
interface Wide {
  i8: I8;
  u16: U16;
  u64: U64;
  i64: I64;
  odd: Odd;
  odds?: Odd[];
  /** Ratio is a named float with constants: not an enum. */
  r: number;
  /** Flag is a named bool with constants: not an enum. */
  f: boolean;
  pu?: U64;
  mu?: Record<string, U16>;
  /** @default "héllo 世界" */
  def_o?: Odd;
  ai: [I8, I8];
  ko?: Partial<Record<Odd, integer>>;
}
/** I8 is an int8 enum with negative values. */
type I8 = -128 | 0 | 127;
/** U16 is a uint16 enum. */
type U16 = 1 | 65535;
/** I64 is an int64 enum at the edges. */
type I64 = -9223372036854775808 | 9223372036854775807;
/** Graph recurses through maps, slices, arrays and pointers. */
interface Graph { id: string; edges?: Record<string, Graph>; kids?: Graph[]; pair?: [Graph, Graph]; next?: Graph; ref?: Other }
/** Other and Graph refer to each other. */
interface Other { back?: Graph; peers: Other[] }
/** Graph recurses through maps, slices, arrays and pointers. */
interface GraphOutput { id: string; edges?: Record<string, GraphOutput | null>; kids?: GraphOutput[]; pair?: [GraphOutput | null, GraphOutput | null]; next?: GraphOutput | null; ref?: Other }
/** Deeps has nested pointers and pointers to collections of pointers. */
interface Deeps {
  ppi?: integer;
  pps?: string;
  psp?: Point[];
  pmp?: Record<string, integer>;
  ppp?: Point;
  spp?: integer[];
  /** @default 7 */
  def?: integer;
  /** @default "x" */
  def_s?: string;
  /** @default "red" */
  def_c?: Color;
  any: unknown;
  anys?: unknown[];
  ma?: Record<string, unknown>;
  pa?: unknown;
  /** Forest is a named slice of a recursive type. */
  forest?: Tree[];
}
/** Deeps has nested pointers and pointers to collections of pointers. */
interface DeepsOutput {
  ppi?: integer | null;
  pps?: string | null;
  psp?: (Point | null)[];
  pmp?: Record<string, integer | null>;
  ppp?: Point | null | null;
  spp?: (integer | null | null)[];
  /** @default 7 */
  def?: integer;
  /** @default "x" */
  def_s?: string;
  /** @default "red" */
  def_c?: Color;
  any: unknown;
  anys?: unknown[];
  ma?: Record<string, unknown>;
  pa?: unknown;
  /** Forest is a named slice of a recursive type. */
  forest?: TreeOutput[];
}
/** Omits has omitempty on every kind of member. */
interface Omits {
  arr?: [integer, integer];
  arr0?: [];
  st?: Point;
  pst?: Point;
  pi?: integer;
  f?: number;
  u?: integer;
  /** Label is a named string. */
  str?: string;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  blob?: Base64;
  any?: unknown;
  raw?: Base64;
  z?: [integer, integer];
  zp?: Point;
  zm?: Record<string, integer>;
  za?: unknown;
  /** Blob is a named []byte: encoding/json writes it in base64. */
  zb?: Base64;
  /** Temp is a temperature that reads and writes itself as "21C". */
  zt?: unknown;
  both?: integer;
}
/** Places are method types in every position. */
interface PlacesInput {
  /** Upper reads any string and writes it upper case, with value receivers for writing. */
  u: string;
  us: string[];
  ua: [string, string];
  um: Record<string, string>;
  /** PtrText has pointer-receiver text methods on both sides. */
  pt?: string;
  pts?: string[];
  ptm?: Record<string, string>;
  /** Both has text and JSON methods: the JSON ones win. */
  both: unknown;
  boths?: unknown[];
  /** OnlyOut has MarshalText but no UnmarshalText: read as its shape (an integer), written as text. */
  oo: integer;
  oos?: integer[];
  ok?: Record<string, integer>;
}
/** FlatAllArgs mirrors the parameters of FlatAll, for encoding/json. */
interface FlatAllArgs {
  unit: Unit;
  place: Place;
  p_place?: Place;
  /** Board is a named array of arrays. */
  board: [[integer, integer], [integer, integer]];
  /** Blob is a named []byte: encoding/json writes it in base64. */
  blob: Base64;
  /** Index is a named map of slices. */
  index: Record<string, integer[]>;
  u64: U64;
  odd?: Odd;
  /** Temp is a temperature that reads and writes itself as "21C". */
  temp: unknown;
  /** Level is a text type: it reads and writes "low" or "high". */
  level?: string;
  any: unknown;
  /** A duration in nanoseconds (1 second = 1000000000). */
  wait: integer;
  octets: Base64;
  /** Upper reads any string and writes it upper case, with value receivers for writing. */
  upper: string;
  deep?: integer | null;
}
/**
 * Misc has the remaining shapes: named pointers, aliases, cycles of embedding, addressable pointer-receiver methods.
 */
interface Misc {
  id: string;
  note?: string;
  v: integer;
  pi?: integer;
  /**
   * PtrJSON writes itself with a pointer-receiver MarshalJSON, which encoding/json calls only on addressable values (slice elements, fields of a pointed-to struct).
   */
  pj: unknown;
  pjs: unknown[];
  pja: [unknown, unknown];
  /**
   * PtrJSON writes itself with a pointer-receiver MarshalJSON, which encoding/json calls only on addressable values (slice elements, fields of a pointed-to struct).
   */
  pjp?: unknown;
  upper: integer;
  UPPER: integer;
  durs: integer[];
  dur_map?: Record<string, integer>;
  nums?: Record<string, number>;
  times?: Record<string, DateTime>;
}
/**
 * Misc has the remaining shapes: named pointers, aliases, cycles of embedding, addressable pointer-receiver methods.
 */
interface MiscOutput {
  id: string;
  note?: string;
  v: integer;
  pi?: integer;
  /**
   * PtrJSON writes itself with a pointer-receiver MarshalJSON, which encoding/json calls only on addressable values (slice elements, fields of a pointed-to struct).
   */
  pj: unknown;
  pjs: unknown[];
  pja: [unknown, unknown];
  /**
   * PtrJSON writes itself with a pointer-receiver MarshalJSON, which encoding/json calls only on addressable values (slice elements, fields of a pointed-to struct).
   */
  pjp?: unknown;
  upper: integer;
  UPPER: integer;
  durs: integer[];
  dur_map?: Record<string, integer | null>;
  nums?: Record<string, number>;
  times?: Record<string, DateTime>;
}
/** FlatDefaultsArgs mirrors the parameters of FlatDefaults. */
interface FlatDefaultsArgs { n?: integer; unit?: Unit; tags: string[]; when?: DateTime }
/** Unions holds unions as members, elements and optional members. */
interface Unions { s: Shape; ss?: Shape[]; k: UKey; opt?: Shape; keys?: UKey[] }
/**
 * Shape is a tagged union: members with value and pointer receivers, a member named by //toolgen:member, constraints and optional members inside members.
 */
type Shape = { kind: "circle" } & Circle | { kind: "rect" } & Rect | { kind: "polygon" } & Poly;
/** Circle is round. */
interface Circle {
  /** @minimum 0 @maximum 100 */
  radius: number;
  /** @maxLength 5 */
  note?: string;
}
/** Rect is stored as a *Rect. */
interface Rect { width: integer; height?: integer; tags?: string[] }
/** Poly is named "polygon". */
interface Poly { points: [number, number][]; color?: Color }
/** UKey is an untagged union: one member per JSON type. */
type UKey = string | integer | KeyPair | boolean | integer[];
/** KeyPair is an object key. */
interface KeyPair { a: string; b?: integer }
/** Unions holds unions as members, elements and optional members. */
interface UnionsOutput { s: Shape | null; ss?: (Shape | null)[]; k: UKey | null; opt?: Shape | null; keys?: (UKey | null)[] }
/** ReturnInt returns an integer. */
declare function return_int(args: In): Promise<integer>;
/** ReturnFloat returns a float. */
declare function return_float(args: In): Promise<number>;
/** ReturnBool returns a bool. */
declare function return_bool(args: In): Promise<boolean>;
/**
 * ReturnEnum returns an integer enum: one of its constants, as its output schema's enum says (a value no constant names would break it).
 */
declare function return_enum(args: In): Promise<U64>;
/** ReturnSlice returns a slice, nil for n = 0. */
declare function return_slice(args: In): Promise<(Point | null)[]>;
/** ReturnMap returns a map, nil for n = 0. */
declare function return_map(args: In): Promise<Record<string, Odd[]>>;
/** ReturnArray returns a named array. */
declare function return_array(args: In): Promise<[integer, integer, integer, integer]>;
/** ReturnBlob returns a named []byte. */
declare function return_blob(args: In): Promise<Base64>;
/** ReturnAny returns any. */
declare function return_any(args: In): Promise<unknown>;
/** ReturnPtrInt returns a pointer to an integer, nil for n = 0. */
declare function return_ptr_int(args: In): Promise<integer>;
/** ReturnText returns a text type. */
declare function return_text(args: In): Promise<string>;
/** ReturnJSON returns a JSON type by value. */
declare function return_json(args: In): Promise<unknown>;
/** ReturnStamped returns a struct that embeds time.Time. */
declare function return_stamped(args: In): Promise<string>;
/** ReturnForeign returns a struct from another package by pointer. */
declare function return_foreign(args: In): Promise<Place>;
/** ReturnNamedMap returns a named map. */
declare function return_named_map(args: In): Promise<Record<string, integer[]>>;
/** ReturnPlaces returns method types in every position by value. */
declare function return_places(args: In): Promise<Places>;
/** ReturnAnySlice returns any holding a slice. */
declare function return_any_slice(args: In): Promise<unknown>;
/** EchoScalars returns its arguments. */
declare function echo_scalars(args: Scalars): Promise<Scalars>;
/** EchoEnums returns its arguments. */
declare function echo_enums(args: Enums): Promise<EnumsOutput>;
/** EchoCollections returns its arguments. */
declare function echo_collections(args: Collections): Promise<CollectionsOutput>;
/** EchoPointers returns its arguments. */
declare function echo_pointers(args: Pointers): Promise<PointersOutput>;
/** EchoConstrained returns its arguments. */
declare function echo_constrained(args: Constrained): Promise<Constrained>;
/** EchoFormats returns its arguments. */
declare function echo_formats(args: Formats): Promise<Formats>;
/** EchoSpecial returns its arguments. */
declare function echo_special(args: Special): Promise<Special>;
/** EchoEmbedded returns its arguments. */
declare function echo_embedded(args: Embedded): Promise<EmbeddedOutput>;
/** EchoOmit returns its arguments. */
declare function echo_omit(args: Omit2): Promise<Omit2>;
/** EchoTree returns its arguments. */
declare function echo_tree(args: Tree): Promise<TreeOutput>;
/** Flat takes flat parameters. */
declare function flat(args: {
  /** a name. @minLength 1 */
  name: string;
  /** how many. @minimum 0 @maximum 10 */
  count?: integer;
  tags: string[];
  when?: DateTime;
  color: Color;
}): Promise<FlatArgs>;
/** Densify returns its arguments with every member written, nil or not. */
declare function densify(args: Sparse): Promise<Dense>;
/** EchoMethods returns its arguments. */
declare function echo_methods(args: Methods): Promise<Methods>;
/** EchoNumbers returns its arguments. */
declare function echo_numbers(args: Numbers): Promise<Numbers>;
/** EchoShapes returns its arguments. */
declare function echo_shapes(args: Shapes): Promise<ShapesOutput>;
/** EchoEmbeds returns its arguments. */
declare function echo_embeds(args: Embeds): Promise<Embeds>;
/** EchoEmbedsMore returns its arguments. */
declare function echo_embeds_more(args: EmbedsMore): Promise<EmbedsMoreOutput>;
/** EchoTagged returns its arguments. */
declare function echo_tagged(args: Tagged): Promise<Tagged>;
/** EchoNamed returns its arguments. */
declare function echo_named(args: Named): Promise<NamedOutput>;
/** EchoWide returns its arguments. */
declare function echo_wide(args: Wide): Promise<Wide>;
/** EchoGraph returns its arguments. */
declare function echo_graph(args: Graph): Promise<GraphOutput>;
/** EchoDeeps returns its arguments. */
declare function echo_deeps(args: Deeps): Promise<DeepsOutput>;
/** EchoOmits returns its arguments. */
declare function echo_omits(args: Omits): Promise<Omits>;
/** EchoPlaces returns its arguments. */
declare function echo_places(args: PlacesInput): Promise<Places>;
/** FlatAll takes flat parameters of every kind. */
declare function flat_all(args: {
  unit: Unit;
  place: Place;
  p_place?: Place;
  /** Board is a named array of arrays. */
  board: [[integer, integer], [integer, integer]];
  /** Blob is a named []byte: encoding/json writes it in base64. */
  blob: Base64;
  /** Index is a named map of slices. */
  index: Record<string, integer[]>;
  u64: U64;
  odd?: Odd;
  /** Temp is a temperature that reads and writes itself as "21C". */
  temp: unknown;
  /** Level is a text type: it reads and writes "low" or "high". */
  level?: string;
  any: unknown;
  /** A duration in nanoseconds (1 second = 1000000000). */
  wait: integer;
  octets: Base64;
  /** Upper reads any string and writes it upper case, with value receivers for writing. */
  upper: string;
  deep?: integer;
}): Promise<FlatAllArgs>;
/** EchoMisc returns its arguments. */
declare function echo_misc(args: Misc): Promise<MiscOutput>;
/** FlatDefaults takes optional parameters with defaults. */
declare function flat_defaults(args: {
  /** how many. @minimum 1 @default 4 */
  n?: integer;
  /** the unit. @default "fahrenheit" */
  unit?: Unit;
  tags: string[];
  when?: DateTime;
}): Promise<FlatDefaultsArgs>;
/** EchoUnions returns its arguments. */
declare function echo_unions(args: Unions): Promise<UnionsOutput>;
