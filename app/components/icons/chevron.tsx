import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ChevronIcon = (props: IconProps) => <StrokeIcon d="M9 6l6 6-6 6" {...props} />;
