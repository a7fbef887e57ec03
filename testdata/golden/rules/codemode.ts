/** A JSON number without a fraction. */
type integer = number;
/**
 * Assign's arguments: promoted fields, a field named like the rule type's method, and JSON names that need a suffix to be told apart.
 */
interface Assign {
  owner_name: string;
  team_name: string;
  /** Size is promoted and keeps its name. */
  size: integer;
  /**
   * Rule would clash with the method Rule; it falls back to its JSON name, which also says rule, and so takes a suffix.
   */
  rule: string;
  /** OwnerName is an ordinary field whose name the clashing Owner.Name would take from its JSON name. */
  owner: string;
  tags?: string[];
  "2-step": string;
}
/** Ping takes no arguments: its rule type has no fields. */
declare function ping(): Promise<void>;
/** Copy has flat parameters, exported in the rule type; _tmp loses its underscore. */
declare function copy(args: { from: string; to: string; _tmp: boolean; n: integer }): Promise<void>;
/** DoAssign assigns work. */
declare function assign(args: Assign): Promise<void>;
/** Add adds. */
declare function add(args: { by: integer }): Promise<integer>;
