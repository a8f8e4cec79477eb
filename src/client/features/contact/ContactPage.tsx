/** Placeholder: replaced by the real page. */
export default function ContactPage() {
  return (
    <div id="top" className="bg-white px-4 py-16">
      <h1 className="text-3xl">Contact</h1>
    </div>
  );
}
