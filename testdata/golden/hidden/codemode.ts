/** A JSON number without a fraction. */
type integer = number;
/** Query is a struct parameter beside hidden ones. */
interface Query { text: string }
/** Both takes a context and a toolgen.Ctx, and no arguments. */
declare function both(): Promise<string>;
/** CtxOnly takes only a toolgen.Ctx. */
declare function ctx_only(): Promise<void>;
/** CtxBetween takes toolgen.Ctx between flat parameters: any position. */
declare function ctx_between(args: { a: string; b: integer }): Promise<void>;
/** CtxLast takes a struct and then a toolgen.Ctx. */
declare function ctx_last(args: Query): Promise<string>;
/** CtxFirst takes a toolgen.Ctx, then a struct. */
declare function ctx_first(args: Query): Promise<void>;
/** Aliased takes its context through an alias. */
declare function aliased(args: Query): Promise<void>;
/** Plain takes no parameters at all. */
declare function plain(): Promise<void>;
