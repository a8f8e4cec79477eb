/** Placeholder: replaced by the real page. */
export default function ApplyPage() {
  return (
    <div id="top" className="bg-white px-4 py-16">
      <h1 className="text-3xl">Apply for Training</h1>
    </div>
  );
}
