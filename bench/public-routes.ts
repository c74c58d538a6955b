/**
 * Every public page of app/(site) (/privacy and /terms are /legal's page opened at another
 * section). /booking as the header, the home page and the closing call to action link to it (a
 * tour's Book Now adds ?tour=<slug>, which only preselects the tour).
 */
export const PUBLIC_ROUTES = [
  "/",
  "/tours",
  "/tour/gorilla-safari",
  "/about",
  "/contact",
  "/booking",
  "/legal",
];
