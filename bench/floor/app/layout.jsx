// The framework floor of `npm run bench`: the smallest App Router site Next.js builds (a root
// layout and one static page, no CSS, no client component). Its client JavaScript and its
// requests/s beside a static file are the least any App Router page can cost on this stack.
// /action (a form with a trivial server action) is the floor of the cluster load bench
// (bench/cluster-load.ts); /sized/<bytes> (a cached page of that size, rendered at run time) is
// what a cached page of the site's size costs (bench/run.ts).
export const metadata = { title: "Floor" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
