/** Placeholder: replaced by the real page. */
export default function TrainingPage() {
  return (
    <div id="top" className="bg-white px-4 py-16">
      <h1 className="text-3xl">Earn $50K+ in Tech Without a Degree</h1>
    </div>
  );
}
