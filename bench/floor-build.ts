/**
 * The framework floor's build (bench/floor), shared by bench/run.ts and bench/cluster-load.ts.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const log = (message: string) => console.log(`[bench] ${message}`);

/**
 * Builds bench/floor in `workDir` as a project of its own with the site's exact next, react
 * and react-dom (npm's cache serves them after the first run; inside this repository Turbopack
 * would take the repository as its workspace), unless the same sources and versions were built
 * there already. `extraFiles` (name -> content) are written into the project before it is built
 * (site-routes.json: bench/floor/next.config.mjs). Returns the project's directory.
 */
export function ensureFloorBuild(
  root: string,
  workDir: string,
  extraFiles: Record<string, string | Buffer> = {},
): string {
  const requireCjs = createRequire(import.meta.url);
  const versionOf = (name: string) =>
    (requireCjs(path.join(root, "node_modules", name, "package.json")) as { version: string })
      .version;
  const packageJson = `${JSON.stringify(
    {
      name: path.basename(workDir),
      private: true,
      dependencies: Object.fromEntries(
        ["next", "react", "react-dom"].map((name) => [name, versionOf(name)]),
      ),
    },
    null,
    2,
  )}\n`;
  const source = path.join(root, "bench", "floor");
  const hash = createHash("sha256").update(packageJson);
  for (const file of readdirSync(source, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(source, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  for (const [name, content] of Object.entries(extraFiles).sort())
    hash.update(name).update(content);
  const stamp = hash.digest("hex");
  const stampFile = path.join(workDir, ".bench-stamp");
  const built =
    existsSync(path.join(workDir, ".next", "BUILD_ID")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === stamp;
  if (built) return workDir;

  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, {
      cwd: workDir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
  };
  const packageFile = path.join(workDir, "package.json");
  const sameVersions = existsSync(packageFile) && readFileSync(packageFile, "utf8") === packageJson;
  if (!sameVersions) rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  if (!sameVersions || !existsSync(path.join(workDir, "node_modules", "next"))) {
    log(`floor: npm install next@${versionOf("next")} react@${versionOf("react")} in ${workDir}`);
    writeFileSync(packageFile, packageJson);
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock"]);
  }
  log("floor: next build");
  rmSync(path.join(workDir, "app"), { recursive: true, force: true });
  cpSync(source, workDir, {
    recursive: true,
    filter: (file) => !/[/\\](\.next|node_modules)$/.test(file),
  });
  rmSync(path.join(workDir, "site-routes.json"), { force: true });
  for (const [name, content] of Object.entries(extraFiles)) {
    mkdirSync(path.dirname(path.join(workDir, name)), { recursive: true });
    writeFileSync(path.join(workDir, name), content);
  }
  rmSync(stampFile, { force: true });
  run(path.join(workDir, "node_modules", ".bin", "next"), ["build"]);
  writeFileSync(stampFile, stamp);
  return workDir;
}
