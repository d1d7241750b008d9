// Calls a route handler the way Next does, with a real request and, for a signed-in caller, a real
// signed API token (the same `Authorization: Bearer` an API client sends).
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";

type Handler = (request: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

export async function call(
  handler: Handler,
  options: {
    method?: string;
    path?: string;
    as?: { id: string } | null;
    token?: string;
    body?: unknown;
    rawBody?: BodyInit;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers = new Headers(options.headers);
  const token = options.token ?? (options.as ? createApiToken(options.as.id).token : undefined);
  if (token) headers.set("authorization", `Bearer ${token}`);
  let body = options.rawBody;
  if (body instanceof FormData) {
    // As it arrives over the network: encoded bytes with their multipart boundary. (A FormData body
    // is streamed by undici from a generator that, on Node 24, still pushes after a reader cancels.)
    const encoded = new Response(body);
    headers.set("content-type", encoded.headers.get("content-type")!);
    body = await encoded.arrayBuffer();
  }
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const request = new NextRequest(new URL(options.path ?? "/api/test", "http://localhost:3000"), {
    method: options.method ?? "GET",
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown> & { error?: { code: string; message: string; issues?: { path: string; message: string }[] } } };
}
