/** Tree is a node with children of its own type. */
interface Tree { name: string; children?: Tree[] }
/** List is a linked list. */
interface List { value: integer; next?: List }
/** A JSON number without a fraction. */
type integer = number;
/** Dir and File refer to each other. */
interface Dir { name: string; files: File[] }
/** File belongs to a Dir, and may be one. */
interface File {
  name: string;
  sub?: Dir;
  /** not recursive: inlined */
  meta: Meta;
}
/** Meta is plain. */
interface Meta { size: integer }
/** Graph maps names to trees. */
interface Graph { roots: Record<string, Tree>; head?: List }
/** Graph maps names to trees. */
interface GraphOutput { roots: Record<string, Tree | null>; head?: List }
/** Walk takes a tree and returns it. */
declare function walk(args: Tree): Promise<Tree>;
/** Sum takes a list as a flat parameter. */
declare function sum(args: { list?: List; trees: Tree[] }): Promise<integer>;
/** Browse takes mutually recursive types. */
declare function browse(args: Dir): Promise<File[]>;
/** Draw takes a struct holding recursive types in a map and a pointer. */
declare function draw(args: Graph): Promise<GraphOutput>;
