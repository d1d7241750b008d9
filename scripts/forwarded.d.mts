import type net from "node:net";
export type TrustedProxies = { hops: number } | { list: net.BlockList } | null;
export function parseTrustedProxies(value: string | undefined): TrustedProxies;
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string;
export function peerIsTrusted(socketAddress: string | undefined, trusted: TrustedProxies): boolean;
export function isHttps(
  req: { socket: { remoteAddress?: string; encrypted?: boolean }; headers: Record<string, string | string[] | undefined> },
  trusted: TrustedProxies,
): boolean;
