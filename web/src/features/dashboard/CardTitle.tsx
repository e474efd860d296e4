/** A widget's title as the product names it, with what it measures, its unit and its period under it. */
export function CardTitle({ title, measure }: { title: string; measure: string }) {
  return (
    <span className="dash-title">
      {title}
      <span className="dash-title__measure">{measure}</span>
    </span>
  );
}
