import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const SunIcon = (props: IconProps) => (
  <StrokeIcon
    d="M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4"
    {...props}
  />
);
