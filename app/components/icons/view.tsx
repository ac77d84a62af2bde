import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ViewIcon = (props: IconProps) => <StrokeIcon d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" {...props} />;
