// The static ceiling of bench/status-pages.ts: node:http answering the bytes of a file from memory,
// with the headers a page carries. Run as: tsx bench/support/static-server.ts <file> <port>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file!);
createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  response.end(body);
}).listen(Number(port), "127.0.0.1");
