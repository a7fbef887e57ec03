/** ping answers pong. */
declare function ping(): Promise<string>;
/** ask asks the helper. */
declare function ask(args: {
  /** what to ask. */
  prompt: string;
}): Promise<string>;
