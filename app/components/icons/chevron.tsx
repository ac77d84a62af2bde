import { StrokeIcon, type IconProps } from "./stroke";

export const ChevronIcon = (props: IconProps) => <StrokeIcon d="M9 6l6 6-6 6" {...props} />;
