import { products } from "@/lib/resellers/api";
import { octoRoute } from "@/lib/resellers/http";

/** GET /octo/products (OCTO): the tours that sell dated departures. Any reseller key. */
export const dynamic = "force-dynamic";

export const GET = octoRoute(async ({ reseller, caps }) => products(reseller, caps));
