import type net from "node:net";
export type TrustedProxies = { hops: number } | { list: net.BlockList } | null;
export function parseTrustedProxies(value: string | undefined): TrustedProxies;
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string;
