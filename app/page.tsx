export default function Home() {
  return (
    <main style={{ maxWidth: 720, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1>Exam Studio</h1>
      <p>Author certification-style practice exams in the browser, or through the JSON-RPC API at <code>POST /api/json</code>.</p>
      <p>
        Create an API token with <code>npm run --silent token -- --email you@example.com</code>, then call for example{" "}
        <code>exam.examCreate</code>. See <code>README.md</code> for the full reference.
      </p>
    </main>
  );
}
