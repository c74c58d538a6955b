import { constants } from "node:fs";
import {
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";

import type { StorageDriver } from "./driver";
import {
  assertStorableAs,
  assertStorageKey,
  contentTypeOfKey,
  InvalidStorageKeyError,
  isStoragePrefix,
} from "./picture";

/** URL path under which app/media/[...key]/route.ts serves the local driver's objects. */
export const LOCAL_MEDIA_PATH = "/media";

export type LocalStorage = StorageDriver & {
  readonly kind: "local";
  /** An object's bytes and content type for the serving route, or null when there is none. */
  read(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
};

/**
 * Objects as files under `root` (STORAGE_DIR), one file per key. The key grammar already
 * refuses '..', backslashes, NUL and absolute paths; on top of that every path is resolved
 * through the file system (symlinks included) and must still lie inside the root, and reads
 * never follow a symlink at the last step.
 */
export function createLocalStorage(root: string): LocalStorage {
  // turbopackIgnore: STORAGE_DIR is read at run time; the build must not trace the disk.
  const absoluteRoot = path.resolve(/*turbopackIgnore: true*/ root);
  let realRoot: Promise<string> | undefined;
  const rootDir = () =>
    (realRoot ??= mkdir(absoluteRoot, { recursive: true }).then(() => realpath(absoluteRoot)));

  /** The real path of `relative` (which must exist), or null when it leaves the root. */
  async function inside(relative: string): Promise<string | null> {
    const base = await rootDir();
    let real: string;
    try {
      real = await realpath(path.join(/*turbopackIgnore: true*/ base, relative));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return real === base || real.startsWith(base + path.sep) ? real : null;
  }

  async function fileOf(key: string): Promise<string | null> {
    assertStorageKey(key);
    const dir = await inside(path.dirname(key));
    return dir ? path.join(/*turbopackIgnore: true*/ dir, path.basename(key)) : null;
  }

  return {
    kind: "local",

    async put(key, bytes, contentType) {
      assertStorableAs(key, contentType);
      const base = await rootDir();
      await mkdir(path.join(/*turbopackIgnore: true*/ base, path.dirname(key)), {
        recursive: true,
      });
      const file = await fileOf(key);
      if (!file) throw new InvalidStorageKeyError(key);
      // Written beside, then renamed: a reader never sees half a picture.
      const temporary = `${file}.${crypto.randomUUID()}.tmp`;
      await writeFile(temporary, bytes, { flag: "wx" });
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async delete(key) {
      const file = await fileOf(key);
      if (!file) return;
      try {
        await unlink(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },

    async deletePrefix(prefix) {
      if (!isStoragePrefix(prefix)) throw new InvalidStorageKeyError(prefix);
      const dir = await inside(prefix);
      if (!dir) return 0;
      const entries = await readdir(/*turbopackIgnore: true*/ dir, {
        recursive: true,
        withFileTypes: true,
      });
      const count = entries.filter((e) => e.isFile() && !e.name.endsWith(".tmp")).length;
      await rm(dir, { recursive: true, force: true });
      return count;
    },

    async exists(key) {
      const file = await fileOf(key);
      if (!file) return false;
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },

    url(key) {
      assertStorageKey(key);
      return `${LOCAL_MEDIA_PATH}/${key}`;
    },

    async read(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const file = await fileOf(key);
      if (!file) return null;
      let handle;
      try {
        handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // ELOOP: the last step is a symlink. EISDIR/ENOTDIR: not a file.
        if (code === "ENOENT" || code === "ELOOP" || code === "EISDIR" || code === "ENOTDIR") {
          return null;
        }
        throw error;
      }
      try {
        if (!(await handle.stat()).isFile()) return null;
        return { bytes: await handle.readFile(), contentType };
      } finally {
        await handle.close();
      }
    },
  };
}
