import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const UploadIcon = (props: IconProps) => <StrokeIcon d="M12 16V4M7 9l5-5 5 5M4 20h16" {...props} />;
