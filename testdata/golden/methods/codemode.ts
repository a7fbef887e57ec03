/** Input is a struct parameter of a method. */
interface Input { hours: integer }
/** A JSON number without a fraction. */
type integer = number;
/** Get returns a value. */
declare function get(args: { key: string }): Promise<string>;
/** Put sets a value. */
declare function store_put(args: { key: string; value: string }): Promise<void>;
/** Zone names the clock's zone. */
declare function now(): Promise<string>;
/** Add adds hours, taking a struct. */
declare function add(args: Input): Promise<integer>;
/** Version is a package function beside the methods. */
declare function version(): Promise<string>;
/** Incr increments the counter. */
declare function incr(args: { by: integer }): Promise<integer>;
/** Tick is declared on the alias: it is a tool of Clock. */
declare function tick(): Promise<string>;
