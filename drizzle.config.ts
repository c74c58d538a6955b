import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema.ts; `npm run db:migrate` applies them
// (to DATABASE_URL when set, otherwise to the embedded PGlite directory).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  casing: "snake_case",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  },
  strict: true,
  verbose: true,
});
