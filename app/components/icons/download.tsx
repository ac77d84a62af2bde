import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const DownloadIcon = (props: IconProps) => <StrokeIcon d="M12 4v12M7 11l5 5 5-5M4 20h16" {...props} />;
