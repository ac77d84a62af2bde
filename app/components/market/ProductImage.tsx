/**
 * A product photo in a fixed 4:3 box, lazy-loaded, with its size set so nothing jumps. The first
 * photos of a list (`eager`) are the page's largest paint: they load at high priority, ahead of the
 * scripts, and decode with the rest of the paint.
 */
export function ProductImage({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    <div className="aspect-[4/3] overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
      <img
        src={src}
        alt={alt}
        width={400}
        height={300}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding={eager ? "auto" : "async"}
        className="h-full w-full object-cover"
      />
    </div>
  );
}
