import type { IncomingMessage, ServerResponse } from "node:http";
export function compressResponse(req: IncomingMessage, res: ServerResponse): void;
