/**
 * A product photo in a fixed box (4:3, or square on Browse's grid), lazy-loaded, with its size set so nothing jumps. The first
 * photos of a list (`eager`) are the page's largest paint: they load at high priority, ahead of the
 * scripts, and decode with the rest of the paint.
 */
export function ProductImage({
  src,
  alt,
  eager = false,
  square = false,
}: {
  src: string;
  alt: string;
  eager?: boolean;
  square?: boolean;
}) {
  return (
    <div
      className={`${square ? "aspect-square" : "aspect-[4/3]"} overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800`}
    >
      <img
        src={src}
        alt={alt}
        width={400}
        height={square ? 400 : 300}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding={eager ? "auto" : "async"}
        className="h-full w-full object-cover"
      />
    </div>
  );
}
