/** Ship sends an order (it asks where with mcp.Elicit[Shipping]). */
declare function ship(args: { order: string }): Promise<string>;
