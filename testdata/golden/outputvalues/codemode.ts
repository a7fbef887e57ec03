/** Grant has constrained members. */
interface Grant {
  perm: Perm;
  /** @minLength 1 @pattern ^[a-z]+$ */
  user: string;
  /** @minimum 1 @maximum 30 @default 7 */
  days?: integer;
}
/**
 * Perm is a set of permission bits: its constants are examples of what a result holds.
 * 1: may read
 * 2: may write
 */
type Perm = 1 | 2;
/** A JSON number without a fraction. */
type integer = number;
/** Grant has constrained members. */
interface GrantOutput {
  perm: integer;
  /** @minLength 1 @pattern ^[a-z]+$ */
  user: string;
  /** @minimum 1 @maximum 30 @default 7 */
  days?: integer;
}
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Widen returns a grant with every permission. */
declare function widen(args: Grant): Promise<GrantOutput>;
/** Combine returns the union of permissions, which may be no constant. */
declare function combine(args: { perms: Base64 }): Promise<integer>;
