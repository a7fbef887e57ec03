/** Custom holds the local types. */
interface Custom {
  /** Temp is a temperature in degrees Celsius, written "21C". */
  temp: string;
  temps?: string[];
  by_city?: Record<string, string>;
  /** Temp is a temperature in degrees Celsius, written "21C". */
  ptr?: string;
  /**
   * Flag reads itself from JSON with a pointer-receiver MarshalJSON: written by the method where encoding/json can take the address.
   */
  flag: unknown;
  flags?: unknown[];
  /**
   * Count writes itself with MarshalJSON and has no UnmarshalJSON: read as an integer (its own type), written as a string.
   */
  count: integer;
  /** Level writes itself as text and has no UnmarshalText: read as an integer, written as a string. */
  level: integer;
  /** Both has JSON and text methods: JSON wins in both directions. */
  both: unknown;
  /** Temp is a temperature in degrees Celsius, written "21C". */
  maybe?: string;
}
/** A JSON number without a fraction. */
type integer = number;
/** Custom holds the local types. */
interface CustomOutput {
  /** Temp is a temperature in degrees Celsius, written "21C". */
  temp: string;
  temps?: string[];
  by_city?: Record<string, string>;
  /** Temp is a temperature in degrees Celsius, written "21C". */
  ptr?: string;
  /**
   * Flag reads itself from JSON with a pointer-receiver MarshalJSON: written by the method where encoding/json can take the address.
   */
  flag: unknown;
  flags?: unknown[];
  /**
   * Count writes itself with MarshalJSON and has no UnmarshalJSON: read as an integer (its own type), written as a string.
   */
  count: unknown;
  /** Level writes itself as text and has no UnmarshalText: read as an integer, written as a string. */
  level: string;
  /** Both has JSON and text methods: JSON wins in both directions. */
  both: unknown;
  /** Temp is a temperature in degrees Celsius, written "21C". */
  maybe?: string;
}
/** EchoCustom returns what it was given. */
declare function echo_custom(args: Custom): Promise<CustomOutput>;
/** Flags returns flags through a pointer: the pointer-receiver MarshalJSON is called. */
declare function flags(): Promise<unknown>;
/** Hot returns a temperature by value: its MarshalJSON has a value receiver. */
declare function hot(): Promise<string>;
