import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const MoonIcon = (props: IconProps) => <StrokeIcon d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" {...props} />;
