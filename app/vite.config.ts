import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// babel-plugin-relay turns each graphql`` tag into an import of its generated artifact.
export default defineConfig({
  plugins: [react({ babel: { plugins: ["relay"] } })],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022", chunkSizeWarningLimit: 600 },
  // `npm run dev -w app`: /graphql goes to a vigil serve (VIGIL_URL, default port 3000).
  server: { proxy: { "/graphql": { target: process.env.VIGIL_URL ?? "http://127.0.0.1:3000", ws: true } } },
});
