/** Numbers holds one of each. */
interface Numbers {
  int: integer;
  int8: integer;
  int16: integer;
  int32: integer;
  int64: integer;
  uint: integer;
  uint8: integer;
  uint16: integer;
  uint32: integer;
  uint64: integer;
  byte: integer;
  rune: integer;
  float32: number;
  float64: number;
  string: string;
  bool: boolean;
  /** Celsius is a temperature in degrees Celsius. */
  temp: number;
  /** Count is a named unsigned count. */
  count: integer;
  /** Flag is a named boolean. */
  flag: boolean;
  /** Label is a named string without constants, so not an enum. */
  label: string;
  small: integer;
}
/** A JSON number without a fraction. */
type integer = number;
/** Echo returns its input, so every scalar is read and written. */
declare function echo(args: Numbers): Promise<Numbers>;
/** Widths takes flat parameters of the odd widths and pointers to them. */
declare function widths(args: {
  i8: integer;
  u32?: integer;
  f32?: number;
  /** Celsius is a temperature in degrees Celsius. */
  temp: number;
  /** Count is a named unsigned count. */
  count?: integer;
  /** Flag is a named boolean. */
  flag: boolean;
}): Promise<number>;
/** Label returns a named string: text. */
declare function get_label(args: {
  /** Label is a named string without constants, so not an enum. */
  l: string;
}): Promise<string>;
/** Float32 returns a float32, wrapped. */
declare function float32(args: { x: number }): Promise<number>;
/** Uint64 returns a uint64, wrapped. */
declare function uint64(args: { x: integer }): Promise<integer>;
