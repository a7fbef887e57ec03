/** A JSON number without a fraction. */
type integer = number;
/** GetHTTPStatus gets a status; its default name handles the initialism. */
declare function get_http_status(args: { url: string }): Promise<integer>;
/** Lookup is read-only. */
declare function lookup(args: { id: string }): Promise<string>;
/** Delete destroys, and asks first. */
declare function delete_(args: { id: string }): Promise<void>;
/** Upsert may run twice. */
declare function upsert(args: { id: string }): Promise<void>;
/** Fetch reaches the web. */
declare function fetch(args: { url: string }): Promise<string>;
/** Everything sets every option, in any order, with a custom name. */
declare function do_it_all_2(): Promise<void>;
/** Approve only needs approval. */
declare function approve(): Promise<void>;
/** Longest has a 64-character name, the most providers accept. */
declare function abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl(): Promise<void>;
/** Archive is found through tool search rather than sent up front, in a namespace of its own. */
declare function archive(args: { id: string }): Promise<void>;
/** Purge is deferred, in the package's namespace. */
declare function purge(): Promise<void>;
/** Charge may fail three times in a row in a run before the agent stops its calls. */
declare function charge(args: { amount: integer }): Promise<void>;
/**
 * Statement lists a month's payments; an agent puts at most about 2000 tokens of it in the model's context, the rest paged.
 */
declare function statement(args: { month: string }): Promise<string>;
/** Refund a payment to the card it was charged on: "full" or a partial amount. */
declare function refund_payment(args: { id: string }): Promise<void>;
/**
 * Transfer never repairs its arguments: a model that sends "100" for the amount is told to send a number.
 */
declare function transfer(args: { to: string; amount: integer }): Promise<void>;
/**
 * Research runs as an MCP task when the client asks: the call returns at once and the client polls for the result.
 */
declare function research(args: { topic: string }): Promise<string>;
/** Reindex runs only as an MCP task. */
declare function reindex(): Promise<void>;
