/** Mix has float32 and float64 numbers with bounds, defaults and examples. */
interface Mix {
  /** @minimum 0.1 @maximum 0.7 @default 0.3 @example 0.2 */
  ratio?: number;
  /** @minimum 0.1 @maximum 0.7 @default 0.3 */
  wide?: number;
  plain: number;
  /** @minimum -1e-07 */
  low: number;
  /** @maximum 0.1 */
  long: number;
  /** @maximum 1.1 @default 1.1 */
  maybe?: number;
  values: number[];
}
/** Mix takes float bounds. */
declare function take(args: Mix): Promise<void>;
