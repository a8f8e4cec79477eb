/** Placeholder: replaced by the real page. */
export default function CompaniesPage() {
  return (
    <div id="top" className="bg-white px-4 py-16">
      <h1 className="text-3xl">Fuel Your Data Center Operations with Job-Ready Talent</h1>
    </div>
  );
}
