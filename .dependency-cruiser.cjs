/**
 * Import circles, refused (`npm run check`). A circle makes the order modules load in decide what
 * a module sees of another at start, and it hides which side a rule belongs to. Type-only imports
 * count: a type that goes both ways is a sign the two modules are one, or that a third is missing.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Two modules import each other, directly or around a circle: move what both need into a third module.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.data|test-results|playwright-report|bench/floor)" },
    // `import type` counts as an import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".jsx", ".d.ts"],
    },
  },
};
