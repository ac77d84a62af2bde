import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const LayersIcon = (props: IconProps) => <StrokeIcon d="M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5" {...props} />;
