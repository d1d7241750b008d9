// The framework's floor: a bare Next app of the same installed Next and React versions (one page
// with one Link), built in a temporary folder. Its node_modules is this project's, hard-linked
// (Turbopack does not follow a symbolic link out of the app's folder), so nothing is downloaded.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function buildFloorApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-floor-"));
  fs.mkdirSync(path.join(dir, "app"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "floor", private: true, type: "module" }));
  fs.writeFileSync(
    path.join(dir, "app/layout.tsx"),
    `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  );
  fs.writeFileSync(
    path.join(dir, "app/page.tsx"),
    `import Link from "next/link";
export default function Page() {
  return <Link href="/">Home</Link>;
}
`,
  );
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2017", lib: ["dom", "dom.iterable", "esnext"], strict: true, noEmit: true, esModuleInterop: true,
        module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", isolatedModules: true, skipLibCheck: true,
      },
      include: ["**/*.ts", "**/*.tsx"],
      exclude: ["node_modules"],
    }),
  );
  execFileSync("cp", ["-al", path.resolve("node_modules"), path.join(dir, "node_modules")]);
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}
