/** The serving settings of the site's next.config.ts that change the cost of a response. */
const nextConfig = { poweredByHeader: false, generateEtags: false };

export default nextConfig;
