/** Placeholder: replaced by the real page. */
export default function CandidatesPage() {
  return (
    <div id="top" className="bg-white px-4 py-16">
      <h1 className="text-3xl">Launch Your Tech Career in Weeks, Not Years</h1>
    </div>
  );
}
