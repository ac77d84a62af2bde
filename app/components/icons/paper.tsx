import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const PaperIcon = (props: IconProps) => <StrokeIcon d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" {...props} />;
