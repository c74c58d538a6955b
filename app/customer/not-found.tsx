import { AreaNotFound, areaNotFoundMetadata } from "@/components/site/area-not-found";

export const metadata = areaNotFoundMetadata;

export default AreaNotFound;
