"use server";

// The framework floor of a server action (bench/cluster-load.ts): an action that reads nothing,
// writes nothing and answers success. What it costs to post is what Next.js itself costs per call.
export async function trivialAction() {
  return { status: "success" };
}
