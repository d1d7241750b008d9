// The floor of a static file's answer: a bare Node http server that sends one file's bytes from
// memory with only its type, encoding and length, whatever the path. Started by bench/compression.mjs:
//   node bench/lib/bare-server.mjs <port> <file> <content-type> <content-encoding | identity>
import fs from "node:fs";
import http from "node:http";

const [port, file, type, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = { "Content-Type": type, ...(encoding && encoding !== "identity" ? { "Content-Encoding": encoding } : {}), "Content-Length": body.length };

http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port));
