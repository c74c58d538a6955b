// Run by `npm install` (preinstall) before anything else is installed: one clear line when Node is
// older than the project's, in place of npm's engine warning for every package that wants a newer
// Node (.npmrc keeps npm itself to errors). The install goes on: it still works on Node 20, only
// the app, its build and its tests need 24.
const wanted = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < wanted) {
  console.error(
    `Node ${process.versions.node} found: Breathe Uganda runs on Node ${wanted} or later ` +
      `(Node ${major} is past its end of life). Install Node ${wanted} (nvm install ${wanted}) before npm run dev.`,
  );
}
