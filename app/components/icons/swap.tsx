import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const SwapIcon = (props: IconProps) => <StrokeIcon d="M7 7h13l-4-4M17 17H4l4 4" {...props} />;
