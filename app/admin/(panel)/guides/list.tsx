import { GuidesTable } from "@/components/admin/guides/guides-table";
import { listGuides } from "@/lib/guides/data/guides";
import { loggedRead } from "@/lib/logged-read";

/** Every guide; a failed read is logged and the list shows as empty. */
export async function GuidesList({ canManage }: { canManage: boolean }) {
  const guides = await loggedRead("admin guides", listGuides, []);
  return <GuidesTable guides={guides} canManage={canManage} />;
}
