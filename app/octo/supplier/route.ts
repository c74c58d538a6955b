import { octoEndpoint, octoRoute } from "@/lib/resellers/http";
import { supplierOf } from "@/lib/resellers/octo";

/** GET /octo/supplier (OCTO): who sells through this API. Any reseller key. */
export const dynamic = "force-dynamic";

export const GET = octoRoute(async () => supplierOf(octoEndpoint()));
