/** Packet has every byte shape. */
interface Packet {
  raw: Base64;
  /** Octets is a named slice of them. */
  named: Base64;
  opt?: Base64;
  each: Record<string, Base64>;
  letters: integer[];
  fixed: [integer, integer];
  codes: Base64;
}
/** Bytes in standard base64, padded. */
type Base64 = string;
/** A JSON number without a fraction. */
type integer = number;
/** Packet has every byte shape. */
interface PacketOutput {
  raw: Base64;
  /** Octets is a named slice of them. */
  named: Base64;
  opt?: Base64;
  each: Record<string, Base64>;
  letters: string[];
  fixed: [integer, integer];
  codes: Base64;
}
/** Send echoes a packet. */
declare function send(args: Packet): Promise<PacketOutput>;
/** Flat takes and returns named byte slices as flat parameters. */
declare function flat(args: {
  data: Base64;
  /** Octets is a named slice of them. */
  more: Base64;
}): Promise<Base64>;
