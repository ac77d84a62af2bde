import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const StarIcon = (props: IconProps) => (
  <StrokeIcon d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" {...props} />
);
