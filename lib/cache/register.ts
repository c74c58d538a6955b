import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Registers the page cache handler (lib/cache/cache-handler.mjs) for this server process. The
 * file is imported by Node from the deployment at run time, not bundled: it must share the
 * `next` module the server runs on (its file-system cache) and read REDIS_URL as the process
 * starts, as it did when next.config.ts named it.
 */
export async function registerPageCache(): Promise<void> {
  const file = pathToFileURL(path.join(process.cwd(), "lib/cache/cache-handler.mjs")).href;
  const handler = (await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ file)) as {
    registerCacheHandler: () => void;
  };
  handler.registerCacheHandler();
}
