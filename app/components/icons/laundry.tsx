import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const LaundryIcon = (props: IconProps) => (
  <StrokeIcon d="M5 3h14v18H5zM5 7h14M12 17a4 4 0 100-8 4 4 0 000 8zM8 5h.01" {...props} />
);
