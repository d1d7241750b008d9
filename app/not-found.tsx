// Unknown routes: the spec's page, exactly its one line of text.
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <h1 className="text-2xl font-semibold">this is a error page</h1>
    </main>
  );
}
