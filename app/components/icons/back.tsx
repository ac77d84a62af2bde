import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const BackIcon = (props: IconProps) => <StrokeIcon d="M15 18l-6-6 6-6" {...props} />;
