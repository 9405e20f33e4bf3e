/**
 * A company description as the public stock page shows it: plain text (React escapes it, so no
 * markup in the text becomes HTML), one paragraph per blank-line-separated block. The curation
 * console's preview uses the same component, so what it previews is what the page will show.
 */
export function DescriptionText({ text }: { readonly text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="description">
      {paragraphs.length === 0 ? (
        <p className="muted">No description available.</p>
      ) : (
        paragraphs.map((paragraph, i) => <p key={i}>{paragraph}</p>)
      )}
    </div>
  );
}
