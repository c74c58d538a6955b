/** While the auth state loads: the product's 'Loading...' screen. */
export default function Loading() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    </main>
  );
}
