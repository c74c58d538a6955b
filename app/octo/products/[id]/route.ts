import { product } from "@/lib/resellers/api";
import { octoRoute } from "@/lib/resellers/http";

/** GET /octo/products/:id (OCTO): one product, else INVALID_PRODUCT_ID. Any reseller key. */
export const dynamic = "force-dynamic";

export const GET = octoRoute<{ id: string }>(async ({ reseller, caps, params }) =>
  product(reseller, caps, params.id),
);
