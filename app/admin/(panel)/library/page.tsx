import { redirect } from "next/navigation";

import { LIBRARY_PATHS } from "@/lib/library/list-query";

/** /admin/library opens on its first list, the lodges. */
export default function AdminLibraryPage() {
  redirect(LIBRARY_PATHS.lodges);
}
