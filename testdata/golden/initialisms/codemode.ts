/** IsNaN reports whether the value is not a number. */
declare function is_nan(args: { raw_value: string }): Promise<boolean>;
/** GetIPv6Address looks up a host's IPv6 address. */
declare function get_ipv6_address(args: { host_name: string; use_dns_over_https: boolean }): Promise<string>;
/** OAuth2Login logs in with OAuth 2. */
declare function oauth2_login(args: { github_user: string; user_id: string }): Promise<void>;
