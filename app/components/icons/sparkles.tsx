import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const SparklesIcon = (props: IconProps) => (
  <StrokeIcon d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2" {...props} />
);
