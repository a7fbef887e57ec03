/** Shapes has patterns that need translating. */
interface Shapes {
  /** Dot: ECMA-262's . matches neither \r nor U+2028 nor U+2029. @pattern ^a.c$ */
  dot: string;
  /** Space: ECMA-262's \s takes in Unicode spaces and \v. @pattern ^\S+\s\S+$ */
  space: string;
  /** Escape: \u escapes name code points. @pattern ^caf\u00e9|\u{1F600}$ */
  escape: string;
  /** Class: [ inside a class is a character. @pattern ^[[a-z]+$ */
  class: string;
  /** Letters: Unicode properties. @pattern ^\p{L}+$ @default "héllo" */
  letters?: string;
}
/** Check takes patterns in ECMA-262 syntax. */
declare function check(args: {
  s: Shapes;
  /** a code, like AB123. @pattern ^[A-Z]{2}\d{3}$ */
  code: string;
}): Promise<void>;
