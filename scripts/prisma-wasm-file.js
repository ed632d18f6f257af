// Run by scripts/prisma-generate.js after each `prisma generate`: the generated client imports its
// query compiler's WebAssembly as a module that exports it as a 4.4 MB base64 string. An ES module
// is never unloaded, so V8 held that text twice for the life of the process (the module's source
// and the string literal): 8.8 MB of the server's heap, plus large-object pages. The patched
// client reads the same file as text once, decodes and compiles it, and keeps nothing of the text.
import { readFileSync, writeFileSync } from "node:fs";

const loader =
  /const \{ wasm \} = await import\(("@prisma\/client\/runtime\/[\w.]+\.wasm-base64\.mjs")\)\n\s*return await decodeBase64AsWasm\(wasm\)/;

const helper = `
/** The base64 module's text read as a file (not imported: a module's text is never freed). */
async function decodeBase64FileAsWasm(specifier: string): Promise<WebAssembly.Module> {
  const [{ readFile }, { createRequire }, { Buffer }] = await Promise.all([
    import("node:fs/promises"),
    import("node:module"),
    import("node:buffer"),
  ])
  const text = await readFile(createRequire(import.meta.url).resolve(specifier), "latin1")
  return new WebAssembly.Module(Buffer.from(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')), "base64"))
}
`;

/** Patches a generated client's `internal/class.ts`; throws when its loader is not the expected one. */
export function loadWasmFromFile(classFile) {
  const source = readFileSync(classFile, "utf8");
  if (source.includes("decodeBase64FileAsWasm")) return;
  if (!loader.test(source))
    throw new Error(`${classFile}: Prisma's WebAssembly loader changed; update scripts/prisma-wasm-file.js`);
  const patched = source
    .replace(loader, "return await decodeBase64FileAsWasm($1)")
    .replace(/\nconfig\.compilerWasm = /, `${helper}\nconfig.compilerWasm = `);
  writeFileSync(classFile, patched);
}
